import { countVarianceReasonNames, validationMessages } from '@pharmacy/contracts';
import { Box, Flex, Select, Table, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDayFormatter } from '../../../lib/dates';
import { translateValidationMessage } from '../../../lib/validation-message';
import type { SheetLine, VarianceReason } from '../utils/count-sheet';
import type { SheetAction } from '../utils/sheet-state';
import { varianceReasonLabels } from '../utils/variance-reasons';

type Namer = (line: { productName: string; productNameAr: string | null }) => string;

export interface CountLinesProps {
  /** The lines shown (the search applied). */
  entries: readonly SheetLine[];
  /** How many lines the sheet has in all. */
  lineCount: number;
  isOpen: boolean;
  busy: boolean;
  highlight: string | null;
  /** The line whose count takes the cursor once it is drawn. */
  focusTarget: string | null;
  dispatch: Dispatch<SheetAction>;
  /** The scan box, where Enter in a count goes back to. */
  scanInput: RefObject<HTMLInputElement | null>;
  name: Namer;
}

/** The sheet's lines: expected, counted (typed while the count is open), variance, reason, on hand now. */
export function CountLines({
  entries,
  lineCount,
  isOpen,
  busy,
  highlight,
  focusTarget,
  dispatch,
  scanInput,
  name,
}: CountLinesProps) {
  const intl = useIntl();
  const inputs = useRef(new Map<string, HTMLInputElement>());

  // A scan names a line: bring it into view and put the cursor in its count.
  useEffect(() => {
    if (!focusTarget) return;
    const input = inputs.current.get(focusTarget);
    if (!input) return;
    input.scrollIntoView({ block: 'center' });
    input.focus();
    input.select();
    dispatch({ type: 'focused' });
  }, [focusTarget, entries, dispatch]);

  return (
    <Box className="table-scroll">
      <Table.Root variant="surface" size="1" aria-label={intl.formatMessage({ id: 'counts.sheet.table' })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell minWidth="180px">
              <FormattedMessage id="counts.column.product" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <FormattedMessage id="counts.column.batch" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <FormattedMessage id="counts.column.expiry" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="counts.column.expected" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="counts.column.counted" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="counts.column.variance" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell minWidth="170px">
              <FormattedMessage id="counts.column.reason" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="counts.column.current" />
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={8}>
                <Text color="gray">
                  {lineCount === 0 ? (
                    <FormattedMessage id="counts.sheet.noLines" />
                  ) : (
                    <FormattedMessage id="counts.sheet.noMatch" />
                  )}
                </Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            entries.map((entry) => (
              <CountLineRow
                key={entry.line.batchId}
                entry={entry}
                isOpen={isOpen}
                busy={busy}
                highlighted={highlight === entry.line.batchId}
                dispatch={dispatch}
                name={name}
                inputRef={(element) => {
                  if (element) inputs.current.set(entry.line.batchId, element);
                  else inputs.current.delete(entry.line.batchId);
                }}
                onEnter={() => scanInput.current?.focus()}
              />
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function CountLineRow({
  entry,
  isOpen,
  busy,
  highlighted,
  dispatch,
  name,
  inputRef,
  onEnter,
}: {
  entry: SheetLine;
  isOpen: boolean;
  busy: boolean;
  highlighted: boolean;
  dispatch: Dispatch<SheetAction>;
  name: Namer;
  inputRef(element: HTMLInputElement | null): void;
  onEnter(): void;
}) {
  const intl = useIntl();
  const day = useDayFormatter();
  const { line } = entry;
  const shownName = name(line);
  const labelValues = { name: shownName, batch: line.batchNumber };
  const countedError = entry.invalid ? translateValidationMessage(intl, validationMessages.countedInvalid) : undefined;
  const signed = (value: number) => intl.formatNumber(value, { signDisplay: 'exceptZero' });
  const varianceColor = (value: number | null) =>
    value === null || value === 0 ? undefined : value > 0 ? ('green' as const) : ('red' as const);
  return (
    <Table.Row
      className="count-line"
      data-highlight={highlighted || undefined}
      data-variance={entry.variance === null ? undefined : entry.variance === 0 ? 'none' : 'some'}
    >
      <Table.RowHeaderCell>
        <Text as="div" weight="medium" className="wrap-anywhere">
          <bdi>{shownName}</bdi>
        </Text>
        <Text as="div" size="1" color="gray">
          <span className="code-value">{line.productSku}</span>
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>
        <span className="code-value">{line.batchNumber}</span>
      </Table.Cell>
      <Table.Cell className="nowrap">{line.expiryDate ? day(line.expiryDate) : '—'}</Table.Cell>
      <Table.Cell justify="end">{intl.formatNumber(line.expected)}</Table.Cell>
      <Table.Cell justify="end">
        {isOpen ? (
          <Flex direction="column" align="end" gap="1">
            <TextField.Root
              ref={inputRef}
              className="count-input"
              size="1"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={entry.draft.counted}
              placeholder="—"
              aria-label={intl.formatMessage({ id: 'counts.sheet.countedOf' }, labelValues)}
              aria-invalid={entry.invalid || undefined}
              onChange={(event) => dispatch({ type: 'edit', line, patch: { counted: event.target.value } })}
              onFocus={() => dispatch({ type: 'highlight', batchId: line.batchId })}
              onKeyDown={(event) => {
                // A count typed after a scan: Enter goes back to the scan box for the next pack.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onEnter();
                }
              }}
              disabled={busy}
            />
            {countedError && (
              <Text size="1" color="red" role="alert">
                {countedError}
              </Text>
            )}
          </Flex>
        ) : entry.counted === null ? (
          <Text color="gray">—</Text>
        ) : (
          intl.formatNumber(entry.counted)
        )}
      </Table.Cell>
      <Table.Cell justify="end">
        {entry.variance === null ? (
          <Text color="gray">—</Text>
        ) : (
          <Text
            weight={entry.variance === 0 ? undefined : 'bold'}
            color={varianceColor(entry.variance) ?? 'gray'}
            data-cell="variance"
            dir="ltr"
          >
            {signed(entry.variance)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        {entry.variance === null || entry.variance === 0 ? (
          <Text color="gray">—</Text>
        ) : isOpen ? (
          <Flex direction="column" gap="1">
            <Select.Root
              value={entry.reason ?? undefined}
              onValueChange={(value) => dispatch({ type: 'edit', line, patch: { reason: value as VarianceReason } })}
              disabled={busy}
            >
              <Select.Trigger
                className="count-reason"
                color={entry.needsReason ? 'red' : undefined}
                variant={entry.needsReason ? 'soft' : 'surface'}
                placeholder={intl.formatMessage({ id: 'counts.sheet.reasonPlaceholder' })}
                aria-label={intl.formatMessage({ id: 'counts.sheet.reasonOf' }, labelValues)}
                aria-invalid={entry.needsReason || undefined}
              />
              <Select.Content position="popper">
                {countVarianceReasonNames.map((reason) => (
                  <Select.Item key={reason} value={reason}>
                    {intl.formatMessage(varianceReasonLabels[reason])}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {entry.needsReason && (
              <Text size="1" color="red">
                <FormattedMessage id="counts.sheet.reasonRequired" />
              </Text>
            )}
          </Flex>
        ) : entry.reason ? (
          intl.formatMessage(varianceReasonLabels[entry.reason])
        ) : (
          <Text color="gray">—</Text>
        )}
      </Table.Cell>
      <Table.Cell justify="end">{intl.formatNumber(line.currentQuantity)}</Table.Cell>
    </Table.Row>
  );
}
