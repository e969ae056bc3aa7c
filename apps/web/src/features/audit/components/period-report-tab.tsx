import type { PeriodReport } from '@pharmacy/contracts';
import { Box, Button, Card, Flex, Grid, IconButton, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DatePicker } from '../../../components/date-picker';
import { ChevronForwardIcon, DownloadIcon, PrinterIcon } from '../../../components/icons';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { todayIso, useDayFormatter } from '../../../lib/dates';
import { periodReportQueryOptions } from '../api/audit';
import { usePharmacyOptions } from '../hooks/use-audit-names';
import { useExportPeriodReport } from '../hooks/use-export-period-report';
import { firstOfMonth, wholeDays } from '../utils/instants';
import { movementColumns, movementText, signedPacks } from '../utils/movements';
import { Filter } from './filter';
import { usePrintPeriodReport } from './period-report-print';

interface Asked {
  pharmacyId: string;
  fromDay: string;
  toDay: string;
  from: string;
  to: string;
}

type Line = { opening: number; closing: number; movements: Readonly<Record<string, number>> };

/**
 * Period report tab: for a pharmacy and whole days, per product (and batch)
 * the packs held at the start, the period's movements by kind, and the packs
 * held at the end; exported as CSV or printed.
 */
export function PeriodReportTab({
  initialPharmacyId,
  active = true,
}: {
  initialPharmacyId: string | null;
  /** The tab is showing: only then is the report what the browser prints. */
  active?: boolean;
}) {
  const intl = useIntl();
  const pharmacies = usePharmacyOptions();
  const [today] = useState(() => todayIso());
  const [pharmacyId, setPharmacyId] = useState<string | null>(initialPharmacyId);
  const [fromDay, setFromDay] = useState(firstOfMonth(today));
  const [toDay, setToDay] = useState(today);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [problem, setProblem] = useState<'pharmacy' | 'period' | null>(null);
  const report = useQuery({
    ...periodReportQueryOptions(asked?.pharmacyId ?? '', asked?.from ?? '', asked?.to ?? ''),
    enabled: asked !== null,
  });
  const exportCsv = useExportPeriodReport();
  const printer = usePrintPeriodReport();

  const show = () => {
    const period = wholeDays(fromDay, toDay);
    if (!pharmacyId) return setProblem('pharmacy');
    if (!period || fromDay > toDay) return setProblem('period');
    setProblem(null);
    const next = { pharmacyId, fromDay, toDay, ...period };
    if (JSON.stringify(next) === JSON.stringify(asked)) void report.refetch();
    else setAsked(next);
  };

  const pharmacy = asked ? pharmacies.options.find((option) => option.id === asked.pharmacyId) : undefined;

  return (
    <Flex direction="column" gap="4">
      <Card size="2">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            show();
          }}
        >
          <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
            <Filter label={<FormattedMessage id="audit.field.pharmacy" />}>
              <PharmacyFilter
                value={pharmacyId}
                onChange={setPharmacyId}
                options={pharmacies.options}
                label={{ id: 'audit.field.pharmacy' }}
                allLabel={{ id: 'audit.choosePharmacy' }}
              />
            </Filter>
            <Filter label={<FormattedMessage id="audit.field.fromDay" />}>
              <DatePicker
                value={fromDay}
                onChange={setFromDay}
                label={intl.formatMessage({ id: 'audit.field.fromDay' })}
                placeholder={intl.formatMessage({ id: 'audit.field.fromDay' })}
              />
            </Filter>
            <Filter label={<FormattedMessage id="audit.field.toDay" />}>
              <DatePicker
                value={toDay}
                onChange={setToDay}
                label={intl.formatMessage({ id: 'audit.field.toDay' })}
                placeholder={intl.formatMessage({ id: 'audit.field.toDay' })}
                min={fromDay || undefined}
              />
            </Filter>
            <Button type="submit" loading={report.isFetching}>
              <FormattedMessage id="audit.period.show" />
            </Button>
          </Grid>
          {problem && (
            <Text as="p" size="2" color="red" mt="2" role="alert">
              {problem === 'pharmacy' ? (
                <FormattedMessage id="audit.pharmacyRequired" />
              ) : (
                <FormattedMessage id="audit.period.invalid" />
              )}
            </Text>
          )}
        </form>
      </Card>

      {asked && (
        <Flex justify="between" align={{ sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
          <Text size="3" weight="medium" as="p">
            <FormattedMessage
              id="audit.period.heading"
              values={{
                pharmacy: <bdi>{pharmacy?.name ?? asked.pharmacyId}</bdi>,
                from: <PeriodDay day={asked.fromDay} />,
                to: <PeriodDay day={asked.toDay} />,
              }}
            />
          </Text>
          <Flex gap="2" flexShrink="0">
            <Button
              variant="soft"
              disabled={!report.data}
              onClick={() =>
                report.data &&
                exportCsv(report.data, {
                  pharmacyName: pharmacy?.englishName ?? asked.pharmacyId,
                  fromDay: asked.fromDay,
                  toDay: asked.toDay,
                })
              }
            >
              <DownloadIcon />
              <FormattedMessage id="audit.period.export" />
            </Button>
            <Button variant="soft" disabled={!report.data} onClick={printer.print}>
              <PrinterIcon />
              <FormattedMessage id="audit.period.print" />
            </Button>
          </Flex>
        </Flex>
      )}

      {asked && report.isError && (
        <LoadErrorCallout
          title={<FormattedMessage id="audit.period.error" />}
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
        />
      )}
      {asked && !report.isError && <PeriodTable report={report.data} isLoading={report.isPending} />}
      {active &&
        asked &&
        report.data &&
        printer.region(report.data, {
          pharmacyName: pharmacy?.name ?? asked.pharmacyId,
          fromDay: asked.fromDay,
          toDay: asked.toDay,
        })}
    </Flex>
  );
}

function PeriodDay({ day }: { day: string }) {
  const format = useDayFormatter();
  return <span className="nowrap">{format(day)}</span>;
}

/** The report on screen: a row per product, its batches on request, the totals last. */
function PeriodTable({ report, isLoading }: { report: PeriodReport | undefined; isLoading: boolean }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const day = useDayFormatter();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const kinds = useMemo(
    () => (report ? movementColumns([report.totals.movements, ...report.products.map((p) => p.movements)]) : []),
    [report],
  );
  const toggle = (productId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });
  const figures = (line: Line) => (
    <>
      <Table.Cell justify="end" data-cell="opening">
        {intl.formatNumber(line.opening)}
      </Table.Cell>
      {kinds.map((kind) => {
        const packs = line.movements[kind] ?? 0;
        return (
          <Table.Cell key={kind} justify="end" data-cell={kind}>
            {packs === 0 ? (
              <Text color="gray">—</Text>
            ) : (
              <Text color={packs < 0 ? 'red' : undefined}>
                <span className="ltr-value">{signedPacks(intl, packs)}</span>
              </Text>
            )}
          </Table.Cell>
        );
      })}
      <Table.Cell justify="end" data-cell="closing">
        <Text weight="bold">{intl.formatNumber(line.closing)}</Text>
      </Table.Cell>
    </>
  );
  const columns = 3 + kinds.length;
  const products = report?.products ?? [];

  let body;
  if (isLoading) body = <SkeletonRows columns={Math.max(columns, 4)} />;
  else if (products.length === 0) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={columns}>
          <Text color="gray">
            <FormattedMessage id="audit.period.empty" />
          </Text>
        </Table.Cell>
      </Table.Row>
    );
  } else {
    body = (
      <>
        {products.map((product) => {
          const name = localizedName(product.productName, product.productNameAr, language);
          const expanded = open.has(product.productId);
          return (
            <Fragment key={product.productId}>
              <Table.Row className="audit-product-row" data-product={product.productSku}>
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center">
                    <IconButton
                      size="1"
                      variant="ghost"
                      className="audit-expander"
                      aria-expanded={expanded}
                      aria-label={intl.formatMessage({ id: 'audit.showBatches' }, { name })}
                      onClick={() => toggle(product.productId)}
                    >
                      <ChevronForwardIcon />
                    </IconButton>
                    <Box minWidth="0">
                      <Text as="div" weight="medium" className="wrap-anywhere">
                        <bdi>{name}</bdi>
                      </Text>
                      <Text as="div" size="1" color="gray">
                        <span className="code-value">{product.productSku}</span>
                      </Text>
                    </Box>
                  </Flex>
                </Table.RowHeaderCell>
                {figures(product)}
              </Table.Row>
              {expanded &&
                product.batches.map((batch) => (
                  <Table.Row key={batch.batchId} className="audit-batch-row" data-batch={batch.batchNumber}>
                    <Table.Cell>
                      <Box className="audit-batch-indent">
                        <Text as="div" size="2">
                          <FormattedMessage
                            id="audit.batchLabel"
                            values={{ batch: <span className="code-value">{batch.batchNumber}</span> }}
                          />
                        </Text>
                        {batch.expiryDate && (
                          <Text as="div" size="1" color="gray">
                            <FormattedMessage id="audit.expiresOn" values={{ date: day(batch.expiryDate) }} />
                          </Text>
                        )}
                      </Box>
                    </Table.Cell>
                    {figures(batch)}
                  </Table.Row>
                ))}
            </Fragment>
          );
        })}
        {report && (
          <Table.Row className="audit-total-row" data-product="total">
            <Table.RowHeaderCell>
              <Text weight="bold">
                <FormattedMessage id="audit.period.total" />
              </Text>
            </Table.RowHeaderCell>
            {figures(report.totals)}
          </Table.Row>
        )}
      </>
    );
  }

  return (
    <Box className="table-scroll">
      <Table.Root variant="surface" size="1" aria-label={intl.formatMessage({ id: 'audit.period.table' })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell minWidth="220px">
              <FormattedMessage id="audit.column.product" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="audit.period.opening" />
            </Table.ColumnHeaderCell>
            {kinds.map((kind) => (
              <Table.ColumnHeaderCell key={kind} justify="end">
                {movementText(intl, kind)}
              </Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="audit.period.closing" />
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
    </Box>
  );
}
