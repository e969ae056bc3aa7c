import type { StockCountDetail } from '@pharmacy/contracts';
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useCallback, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ArrowBackIcon } from '../../../components/icons';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { useCountStep, useRecordCounts, useStockCount } from '../api/stock-counts';
import { useCountFailure } from '../hooks/use-count-failure';
import { useCountSheet } from '../hooks/use-count-sheet';
import { countsToSave, postBlocker, varianceReport } from '../utils/count-sheet';
import { countNumber } from '../utils/counts';
import { CountLines } from './count-lines';
import { CountPosting } from './count-posting';
import { CountScan } from './count-scan';
import { CountStatusBadge } from './count-status-badge';
import { VarianceReportCard } from './variance-report-card';

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

/**
 * A count's sheet: its heading and Save, then its three parts: the scan (and
 * search) that finds a line, the lines with the counts typed over them, and the
 * variance report with posting or cancelling.
 */
function SheetBody({ count, back }: { count: StockCountDetail; back: ReactNode }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const dateTime = useDateTimeFormatter();
  const record = useRecordCounts();
  const step = useCountStep();
  const pharmacies = usePharmacies();
  const { state, dispatch, sheet, shown } = useCountSheet(count.lines);
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

  const report = varianceReport(sheet);
  const blocker = postBlocker(sheet);
  const dirtyCount = sheet.filter((entry) => entry.dirty).length;
  const busy = record.isPending || step.isPending;

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
          dispatch({ type: 'saved', batchIds: input.counts.map((entry) => entry.batchId) });
          toast({
            title: intl.formatMessage({ id: 'counts.save.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.save.done' }, { count: input.counts.length }),
          });
        },
        onError: (error) => failed(error, { id: 'counts.save.failed' }, { id: 'counts.save.failedDefault' }),
      },
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
        <CountScan
          lines={count.lines}
          search={state.search}
          onSearch={(text) => dispatch({ type: 'search', text })}
          onScanned={(line) => dispatch({ type: 'scanned', line })}
          inputRef={scanInput}
          name={name}
        />
      )}

      <CountLines
        entries={shown}
        lineCount={count.lines.length}
        isOpen={isOpen}
        busy={busy}
        highlight={state.highlight}
        focusTarget={state.focusTarget}
        dispatch={dispatch}
        scanInput={scanInput}
        name={name}
      />

      <VarianceReportCard report={report} name={name} posted={count.status === 'posted'} />

      <CountPosting
        countId={count.id}
        isOpen={isOpen}
        canPost={count.canPost}
        report={report}
        blocker={blocker}
        busy={busy}
        step={step}
        failed={failed}
      />
    </Flex>
  );
}
