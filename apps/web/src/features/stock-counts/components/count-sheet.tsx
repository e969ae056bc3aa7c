import type { StockCountDetail } from '@pharmacy/contracts';
import { countVarianceReasonNames, validationMessages } from '@pharmacy/contracts';
import {
  AlertDialog,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Select,
  Table,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { ArrowBackIcon, ScanIcon } from '../../../components/icons';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { usePharmacies } from '../../../lib/pharmacies';
import { useDateTimeFormatter, useDayFormatter } from '../../../lib/dates';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useCountStep, useRecordCounts, useStockCount } from '../api/stock-counts';
import { useCountFailure } from '../hooks/use-count-failure';
import {
  countsToSave,
  draftsOf,
  lineForScan,
  postBlocker,
  sheetLines,
  varianceReport,
  type LineDraft,
  type PostBlocker,
  type SheetLine,
  type VarianceReason,
} from '../utils/count-sheet';
import { countNumber, filterLines } from '../utils/counts';
import { CountStatusBadge } from './count-status-badge';
import { SearchField } from '../../../components/search-field';

export const varianceReasonLabels: Record<VarianceReason, MessageDescriptor> = defineMessages({
  miscount: { id: 'counts.reason.miscount' },
  damaged: { id: 'counts.reason.damaged' },
  expired: { id: 'counts.reason.expired' },
  theft: { id: 'counts.reason.theft' },
  found: { id: 'counts.reason.found' },
  supplier_error: { id: 'counts.reason.supplier_error' },
  other: { id: 'counts.reason.other' },
});

const blockerMessages: Record<PostBlocker, { id: MessageId }> = {
  invalid: { id: 'counts.blocker.invalid' },
  unsaved: { id: 'counts.blocker.unsaved' },
  missingReason: { id: 'counts.blocker.missingReason' },
  nothingCounted: { id: 'counts.blocker.nothingCounted' },
};

export interface CountSheetProps {
  countId: string;
  onBack(): void;
}

/** One count: its sheet (scan, counted packs, reasons), the variance report, and posting or cancelling it. */
export function CountSheet({ countId, onBack }: CountSheetProps) {
  const intl = useIntl();
  const count = useStockCount(countId);
  const back = (
    <Button variant="ghost" color="gray" onClick={onBack} style={{ alignSelf: 'start' }}>
      <ArrowBackIcon className="mirror-rtl" />
      <FormattedMessage id="counts.sheet.back" />
    </Button>
  );
  if (count.isPending) {
    return (
      <Flex direction="column" gap="4">
        {back}
        <Text color="gray" role="status">
          <FormattedMessage id="counts.sheet.loading" />
        </Text>
      </Flex>
    );
  }
  if (count.isError) {
    return (
      <Flex direction="column" gap="4">
        {back}
        <Heading as="h1" size="7">
          {intl.formatMessage({ id: 'counts.sheet.title' }, { number: countNumber(countId) })}
        </Heading>
        <LoadErrorCallout
          title={<FormattedMessage id="counts.sheet.loadFailed" />}
          onRetry={() => void count.refetch()}
          isRetrying={count.isFetching}
        />
      </Flex>
    );
  }
  return <SheetBody count={count.data} back={back} />;
}

function SheetBody({ count, back }: { count: StockCountDetail; back: ReactNode }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const day = useDayFormatter();
  const dateTime = useDateTimeFormatter();
  const record = useRecordCounts();
  const step = useCountStep();
  const pharmacies = usePharmacies();
  const [edits, setEdits] = useState<Record<string, LineDraft>>({});
  const [search, setSearch] = useState('');
  const [scanText, setScanText] = useState('');
  const [scanNote, setScanNote] = useState<{ problem: boolean; text: string } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [confirmPost, setConfirmPost] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const scanInput = useRef<HTMLInputElement>(null);
  const isOpen = count.status === 'open';

  const name = useCallback(
    (line: { productName: string; productNameAr: string | null }) =>
      localizedName(line.productName, line.productNameAr, language),
    [language],
  );
  const batchName = useCallback(
    (batchId: string) => {
      const line = count.lines.find((candidate) => candidate.batchId === batchId);
      return line && `${name(line)} · ${line.batchNumber}`;
    },
    [count.lines, name],
  );
  const failed = useCountFailure(batchName);
  // The count names its pharmacy in English only: the Arabic name comes from the pharmacy list.
  const pharmacy = pharmacies.data?.find((candidate) => candidate.id === count.pharmacyId);
  const pharmacyName = pharmacy ? localizedName(pharmacy.name, pharmacy.nameAr, language) : count.pharmacyName;

  const sheet = useMemo(() => sheetLines(count.lines, { ...draftsOf(count.lines), ...edits }), [count.lines, edits]);
  const shown = useMemo(() => filterLines(sheet, search), [sheet, search]);
  const report = varianceReport(sheet);
  const blocker = postBlocker(sheet);
  const dirtyCount = sheet.filter((entry) => entry.dirty).length;
  const busy = record.isPending || step.isPending;

  // A scan names a line: bring it into view and put the cursor in its count.
  useEffect(() => {
    if (!focusTarget) return;
    const input = inputs.current.get(focusTarget);
    if (!input) return;
    input.scrollIntoView({ block: 'center' });
    input.focus();
    input.select();
    setFocusTarget(null);
  }, [focusTarget, shown]);

  const edit = (batchId: string, patch: Partial<LineDraft>) =>
    setEdits((all) => {
      const current = all[batchId] ?? draftsOf(count.lines.filter((line) => line.batchId === batchId))[batchId];
      return { ...all, [batchId]: { counted: '', reason: null, ...current, ...patch } };
    });

  const scan = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scanText.trim() === '') return;
    const result = lineForScan(scanText, count.lines);
    if (result.kind === 'notFound') {
      setScanNote({ problem: true, text: intl.formatMessage({ id: 'counts.scan.notFound' }, { code: result.code }) });
      return;
    }
    const line = count.lines.find((candidate) => candidate.batchId === result.batchId);
    if (!line) return;
    if (!filterLines([{ line }], search).length) setSearch('');
    setHighlight(line.batchId);
    setFocusTarget(line.batchId);
    setScanText('');
    setScanNote({
      problem: result.kind === 'otherBatch',
      text:
        result.kind === 'otherBatch'
          ? intl.formatMessage(
              { id: 'counts.scan.otherBatch' },
              { batch: result.batch, name: name(line), code: line.batchNumber },
            )
          : intl.formatMessage({ id: 'counts.scan.found' }, { name: name(line), batch: line.batchNumber }),
    });
  };

  const save = () => {
    if (sheet.some((entry) => entry.invalid)) {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'counts.save.failed' }),
        description: intl.formatMessage({ id: 'counts.blocker.invalid' }),
      });
      return;
    }
    const input = countsToSave(sheet);
    if (!input) return;
    record.mutate(
      { id: count.id, input },
      {
        onSuccess: () => {
          const saved = new Set(input.counts.map((entry) => entry.batchId));
          setEdits((all) => Object.fromEntries(Object.entries(all).filter(([batchId]) => !saved.has(batchId))));
          toast({
            title: intl.formatMessage({ id: 'counts.save.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.save.done' }, { count: input.counts.length }),
          });
        },
        onError: (error) => failed(error, { id: 'counts.save.failed' }, { id: 'counts.save.failedDefault' }),
      },
    );
  };

  const post = () =>
    step.mutate(
      { action: 'post', id: count.id },
      {
        onSuccess: () => {
          setConfirmPost(false);
          toast({
            title: intl.formatMessage({ id: 'counts.post.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.post.done' }, { count: report.lines.length }),
          });
        },
        onError: (error) => {
          setConfirmPost(false);
          failed(error, { id: 'counts.post.failed' }, { id: 'counts.post.failedDefault' });
        },
      },
    );

  const cancel = () =>
    step.mutate(
      { action: 'cancel', id: count.id, reason: cancelReason.trim() === '' ? null : cancelReason.trim() },
      {
        onSuccess: () => {
          setCancelling(false);
          toast({
            title: intl.formatMessage({ id: 'counts.cancel.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.cancel.done' }),
          });
        },
        onError: (error) => failed(error, { id: 'counts.cancel.failed' }, { id: 'counts.cancel.failedDefault' }),
      },
    );

  const signed = (value: number) => intl.formatNumber(value, { signDisplay: 'exceptZero' });
  const varianceColor = (value: number | null) =>
    value === null || value === 0 ? undefined : value > 0 ? ('green' as const) : ('red' as const);

  const renderLine = (entry: SheetLine) => {
    const { line } = entry;
    const shownName = name(line);
    const labelValues = { name: shownName, batch: line.batchNumber };
    const countedError = entry.invalid
      ? translateValidationMessage(intl, validationMessages.countedInvalid)
      : undefined;
    return (
      <Table.Row
        key={line.batchId}
        className="count-line"
        data-highlight={highlight === line.batchId || undefined}
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
                ref={(element: HTMLInputElement | null) => {
                  if (element) inputs.current.set(line.batchId, element);
                  else inputs.current.delete(line.batchId);
                }}
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
                onChange={(event) => edit(line.batchId, { counted: event.target.value })}
                onFocus={() => setHighlight(line.batchId)}
                onKeyDown={(event) => {
                  // A count typed after a scan: Enter goes back to the scan box for the next pack.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    scanInput.current?.focus();
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
                onValueChange={(value) => edit(line.batchId, { reason: value as VarianceReason })}
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
  };

  return (
    <Flex direction="column" gap="5">
      {back}
      <Flex justify="between" align={{ sm: 'end' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
        <Box>
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="7">
              {intl.formatMessage({ id: 'counts.sheet.title' }, { number: countNumber(count.id) })}
            </Heading>
            <CountStatusBadge status={count.status} />
          </Flex>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage
              id="counts.sheet.subtitle"
              values={{
                pharmacy: <bdi>{pharmacyName}</bdi>,
                date: dateTime(count.startedAt),
                name: <bdi>{count.startedBy ?? '—'}</bdi>,
              }}
            />
          </Text>
          {count.note && (
            <Text as="p" size="2" mt="1" className="wrap-anywhere">
              <bdi>{count.note}</bdi>
            </Text>
          )}
          {count.postedAt && (
            <Text as="p" size="2" color="gray" mt="1">
              <FormattedMessage id="counts.sheet.postedAt" values={{ date: dateTime(count.postedAt) }} />
            </Text>
          )}
        </Box>
        {isOpen && (
          <Flex gap="2" wrap="wrap">
            <Button onClick={save} disabled={busy || dirtyCount === 0} loading={record.isPending}>
              <FormattedMessage id="counts.sheet.save" values={{ count: dirtyCount }} />
            </Button>
          </Flex>
        )}
      </Flex>

      {isOpen && (
        <Card>
          <form onSubmit={scan} noValidate>
            <Grid columns={{ initial: '1', md: '2' }} gap="3" align="end">
              <FormField
                label={<FormattedMessage id="counts.scan.label" />}
                hint={scanNote ? undefined : <FormattedMessage id="counts.scan.hint" />}
              >
                {(props) => (
                  <Flex gap="2">
                    <TextField.Root
                      {...props}
                      ref={scanInput}
                      className="grow"
                      value={scanText}
                      onChange={(event) => setScanText(event.target.value)}
                      placeholder={intl.formatMessage({ id: 'counts.scan.placeholder' })}
                      autoComplete="off"
                      dir="ltr"
                    >
                      <TextField.Slot>
                        <ScanIcon />
                      </TextField.Slot>
                    </TextField.Root>
                    <Button type="submit" variant="soft" disabled={scanText.trim() === ''}>
                      <FormattedMessage id="counts.scan.find" />
                    </Button>
                  </Flex>
                )}
              </FormField>
              <SearchField
                value={search}
                onValueChange={setSearch}
                onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                label={intl.formatMessage({ id: 'counts.sheet.search' })}
              />
            </Grid>
            {scanNote && (
              <Text as="p" size="2" mt="2" color={scanNote.problem ? 'orange' : 'green'} role="status">
                {scanNote.text}
              </Text>
            )}
          </form>
        </Card>
      )}

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
            {shown.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={8}>
                  <Text color="gray">
                    {count.lines.length === 0 ? (
                      <FormattedMessage id="counts.sheet.noLines" />
                    ) : (
                      <FormattedMessage id="counts.sheet.noMatch" />
                    )}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              shown.map(renderLine)
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <VarianceReportCard report={report} name={name} posted={count.status === 'posted'} />

      {isOpen && (
        <Card>
          <Flex justify="between" align={{ sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
            <Box>
              {count.canPost ? (
                <Text as="p" size="2" color={blocker ? 'orange' : 'gray'} data-testid="post-hint">
                  {blocker ? (
                    intl.formatMessage(blockerMessages[blocker], { count: report.missingReasons })
                  ) : (
                    <FormattedMessage id="counts.post.ready" values={{ count: report.lines.length }} />
                  )}
                </Text>
              ) : (
                <Text as="p" size="2" color="gray">
                  <FormattedMessage id="counts.post.notAllowed" />
                </Text>
              )}
            </Box>
            <Flex gap="2" wrap="wrap">
              <Button variant="soft" color="red" onClick={() => setCancelling(true)} disabled={busy || cancelling}>
                <FormattedMessage id="counts.cancel.open" />
              </Button>
              {count.canPost && (
                <Button onClick={() => setConfirmPost(true)} disabled={busy || blocker !== null}>
                  <FormattedMessage id="counts.post.open" />
                </Button>
              )}
            </Flex>
          </Flex>
          {cancelling && (
            <Box mt="4" className="transfer-confirm" role="group" aria-labelledby="count-cancel-title">
              <Heading as="h3" size="3" id="count-cancel-title">
                <FormattedMessage id="counts.cancel.title" />
              </Heading>
              <Text as="p" size="2" color="gray" mt="1" mb="3">
                <FormattedMessage id="counts.cancel.description" />
              </Text>
              <FormField label={<FormattedMessage id="counts.cancel.reason" />}>
                {(props) => (
                  <TextArea
                    {...props}
                    value={cancelReason}
                    onChange={(event) => setCancelReason(event.target.value)}
                    disabled={step.isPending}
                    autoFocus
                  />
                )}
              </FormField>
              <Flex gap="3" mt="3" justify="end">
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  onClick={() => setCancelling(false)}
                  disabled={step.isPending}
                >
                  <FormattedMessage id="counts.cancel.keep" />
                </Button>
                <Button type="button" color="red" onClick={cancel} disabled={step.isPending}>
                  <FormattedMessage id="counts.cancel.confirm" />
                </Button>
              </Flex>
            </Box>
          )}
        </Card>
      )}

      <AlertDialog.Root open={confirmPost} onOpenChange={(open) => !step.isPending && setConfirmPost(open)}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>
            <FormattedMessage id="counts.post.title" />
          </AlertDialog.Title>
          <AlertDialog.Description size="2">
            <FormattedMessage
              id="counts.post.description"
              values={{ count: report.lines.length, available: report.over, quantity: report.short }}
            />
          </AlertDialog.Description>
          {report.uncounted > 0 && (
            <Callout.Root color="orange" size="1" mt="3">
              <Callout.Text>
                <FormattedMessage id="counts.post.uncounted" values={{ count: report.uncounted }} />
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" disabled={step.isPending}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </AlertDialog.Cancel>
            <Button onClick={post} disabled={step.isPending}>
              {step.isPending ? (
                <FormattedMessage id="counts.post.posting" />
              ) : (
                <FormattedMessage id="counts.post.confirm" />
              )}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}

function VarianceReportCard({
  report,
  name,
  posted,
}: {
  report: ReturnType<typeof varianceReport>;
  name(line: { productName: string; productNameAr: string | null }): string;
  posted: boolean;
}) {
  const intl = useIntl();
  const signed = (value: number) => intl.formatNumber(value, { signDisplay: 'exceptZero' });
  const figures: readonly { key: string; label: { id: MessageId }; value: string; color?: 'green' | 'red' }[] = [
    {
      key: 'counted',
      label: { id: 'counts.report.counted' },
      value: intl.formatMessage({ id: 'counts.report.countedOf' }, { from: report.counted, total: report.lineCount }),
    },
    { key: 'over', label: { id: 'counts.report.over' }, value: signed(report.over), color: 'green' },
    { key: 'short', label: { id: 'counts.report.short' }, value: signed(-report.short), color: 'red' },
    { key: 'net', label: { id: 'counts.report.net' }, value: signed(report.net) },
  ];
  return (
    <Card asChild>
      <section aria-labelledby="variance-report-title">
        <Heading as="h2" size="4" id="variance-report-title" mb="1">
          <FormattedMessage id="counts.report.title" />
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {posted ? (
            <FormattedMessage id="counts.report.posted" />
          ) : (
            <FormattedMessage id="counts.report.description" />
          )}
        </Text>
        <Grid columns={{ initial: '2', sm: '4' }} gap="3" mb="3" asChild>
          <dl className="count-figures">
            {figures.map((figure) => (
              <div key={figure.key} data-figure={figure.key}>
                <dt>
                  <Text size="1" color="gray">
                    {intl.formatMessage(figure.label)}
                  </Text>
                </dt>
                <dd>
                  <Text size="5" weight="bold" color={figure.value === '0' ? undefined : figure.color} dir="ltr">
                    {figure.value}
                  </Text>
                </dd>
              </div>
            ))}
          </dl>
        </Grid>
        {report.lines.length === 0 ? (
          <Text as="p" size="2" color="gray">
            <FormattedMessage id="counts.report.none" />
          </Text>
        ) : (
          <Box className="table-scroll">
            <Table.Root size="1" aria-label={intl.formatMessage({ id: 'counts.report.table' })}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.product" />
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.batch" />
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
                  <Table.ColumnHeaderCell>
                    <FormattedMessage id="counts.column.reason" />
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.lines.map((entry) => (
                  <Table.Row key={entry.line.batchId}>
                    <Table.RowHeaderCell>
                      <bdi>{name(entry.line)}</bdi>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <span className="code-value">{entry.line.batchNumber}</span>
                    </Table.Cell>
                    <Table.Cell justify="end">{intl.formatNumber(entry.line.expected)}</Table.Cell>
                    <Table.Cell justify="end">{intl.formatNumber(entry.counted ?? 0)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Text weight="bold" color={(entry.variance ?? 0) > 0 ? 'green' : 'red'} dir="ltr">
                        {signed(entry.variance ?? 0)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {entry.reason ? (
                        intl.formatMessage(varianceReasonLabels[entry.reason])
                      ) : (
                        <Text color="red">
                          <FormattedMessage id="counts.sheet.reasonMissing" />
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </section>
    </Card>
  );
}
