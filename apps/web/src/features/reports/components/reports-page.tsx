import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon, PrinterIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { todayIso, useDayFormatter } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { useCsvExport, type CsvToast } from '../../../lib/csv-export';
import { useListSearch } from '../../../lib/list-search';
import { useSignedInUser } from '../../../lib/session';
import {
  fetchExpiringReport,
  fetchInventoryReport,
  fetchSalesForExport,
  useCommissionReport,
  useExpiringReportPage,
  useInventoryReportPage,
  useSalesReportPage,
} from '../api/reports';
import { useReportNames } from '../hooks/use-report-names';
import { reportDefaults, reportSearch, searchOf, selectionOf } from '../report-list';
import { reportCsvColumns, reportCsvExport, reportCsvFileName, type ReportRow } from '../utils/report-csv';
import { reportTypeLabels, reportTypeNames } from '../utils/report-labels';
import {
  customDefaults,
  EXPIRY_REPORT_DAYS,
  resolveReportWindow,
  usesPeriod,
  type ReportSelection,
  type ReportWindow,
} from '../utils/report-period';
import { CommissionReport } from './commission-report';
import { ReportFilters } from './report-filters';
import { SalesReport } from './sales-report';
import { ExpiryReport, InventoryReport } from './stock-reports';
import './reports.css';

const NO_WINDOW: ReportWindow = {};

/**
 * /reports (specification 001 §2, §7, §8, §9): sales, inventory, expiry and
 * commission reports for a period and a pharmacy (or all the user may see), with
 * charts and a CSV of the table shown. What is chosen lives in the address, so
 * a report can be bookmarked or sent to a colleague.
 */
export function ReportsPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const day = useDayFormatter();
  const today = todayIso();
  const list = useListSearch(reportSearch, reportDefaults);
  const selection = selectionOf(list.values);
  const { type, range, from, to, pharmacyId } = selection;
  const periodApplies = usesPeriod(type);

  const resolved = useMemo(() => resolveReportWindow(range, today, { from, to }), [range, today, from, to]);
  const window = resolved.ok ? resolved.window : null;
  const custom = customDefaults(today, { from, to });

  // A report of its own: its table starts on its first page, unsearched and in its own order (`searchOf`).
  const viewKey = [type, range, window?.startDate, window?.endDate, pharmacyId].join('|');
  const salesList = { window: window ?? NO_WINDOW, pharmacyId, q: list.q, sort: list.values.sort };

  const names = useReportNames({ catalogue: type === 'commission' });
  const sales = useSalesReportPage({ ...salesList, page: list.page }, type === 'sales' && window !== null);
  const commission = useCommissionReport(window ?? NO_WINDOW, pharmacyId, type === 'commission' && window !== null);
  const inventory = useInventoryReportPage(pharmacyId, list.page, type === 'inventory');
  const expiring = useExpiringReportPage(pharmacyId, list.page, type === 'expiry');
  const csvColumns = useMemo(() => reportCsvColumns(type, names), [type, names]);
  const csv = useCsvExport(csvColumns, reportCsvExport);

  const pharmacyOptions = useMemo(() => {
    // Administrators and auditors read every pharmacy (closed ones too: their history stays); others their own.
    const everyone = role === 'admin' || role === 'auditor';
    const list = everyone ? (pharmacies.data ?? []) : user.pharmacies;
    return list
      .map((pharmacy) => ({ id: pharmacy.id, name: localizedName(pharmacy.name, pharmacy.nameAr, language) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [role, pharmacies.data, user.pharmacies, language]);

  // What the export reads: every row of the report on screen, from the server, not just the page shown
  // (for sales at most `SALES_EXPORT_LIMIT`, `total` saying how many matched).
  const current = ((): { load: () => Promise<{ rows: readonly ReportRow[]; total?: number }>; ready: boolean } => {
    switch (type) {
      case 'sales':
        return { load: () => fetchSalesForExport(salesList), ready: sales.isSuccess };
      case 'inventory':
        return { load: async () => ({ rows: await fetchInventoryReport(pharmacyId) }), ready: inventory.isSuccess };
      case 'expiry':
        return { load: async () => ({ rows: await fetchExpiringReport(pharmacyId) }), ready: expiring.isSuccess };
      case 'commission': {
        const rows = commission.data ?? [];
        return { load: () => Promise.resolve({ rows }), ready: commission.isSuccess };
      }
      default: {
        const unknown: never = type;
        throw new Error(`Unknown report ${String(unknown)}`);
      }
    }
  })();

  /**
   * 'Export Report' (specification 001 §2): the current table as CSV; 'Export Successful' /
   * '{Type} report has been downloaded as CSV file.', or how many of the sales it holds.
   */
  const exportReport = () => {
    let total = 0;
    return csv.download(
      async () => {
        const read = await current.load();
        total = read.total ?? read.rows.length;
        return read.rows;
      },
      {
        fileName: (now) => reportCsvFileName(type, range, window ?? NO_WINDOW, now),
        done: (rows): CsvToast =>
          total > rows.length
            ? {
                title: { id: 'reports.export.done' },
                description: { id: 'reports.export.doneFirst' },
                values: { count: rows.length, total },
              }
            : {
                title: { id: 'reports.export.done' },
                description: { id: 'reports.export.doneDescription' },
                values: { type: intl.formatMessage(reportTypeNames[type]) },
              },
      },
    );
  };

  const pharmacyName =
    pharmacyId === null
      ? intl.formatMessage({ id: 'reports.allPharmacies' })
      : (pharmacyOptions.find((pharmacy) => pharmacy.id === pharmacyId)?.name ?? '');

  const change = (next: Partial<ReportSelection>) => list.update(searchOf({ ...selection, ...next }));

  let caption: string;
  if (!periodApplies) {
    caption = intl.formatMessage({ id: 'reports.period.stockNow' });
  } else if (window?.startDate && window.endDate) {
    caption = intl.formatMessage(
      { id: 'reports.period.between' },
      { from: day(window.startDate), to: day(window.endDate) },
    );
  } else {
    caption = window ? intl.formatMessage({ id: 'reports.period.allTime' }) : '';
  }

  let view: ReactNode = null;
  if (periodApplies && window === null) {
    // The custom period is back to front: the filters say so, and there is nothing to show.
  } else if (type === 'sales') {
    view = (
      <SalesReport
        key={viewKey}
        sales={sales}
        window={window ?? NO_WINDOW}
        pharmacyId={pharmacyId}
        names={names}
        today={today}
        search={{ typed: list.text, settled: list.q }}
        onSearchChange={list.setText}
        sort={list.values.sort}
        onSortChange={(sort) => list.update({ sort })}
        onPageChange={list.setPage}
      />
    );
  } else if (type === 'commission') {
    view = (
      <CommissionReport
        key={viewKey}
        commission={commission}
        names={names}
        page={list.page}
        onPageChange={list.setPage}
      />
    );
  } else if (type === 'inventory') {
    view = (
      <InventoryReport
        key={viewKey}
        batches={inventory}
        onPageChange={list.setPage}
        pharmacyId={pharmacyId}
        names={names}
      />
    );
  } else {
    view = (
      <ExpiryReport
        key={viewKey}
        expiring={expiring}
        onPageChange={list.setPage}
        pharmacyId={pharmacyId}
        names={names}
        today={today}
      />
    );
  }

  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align={{ md: 'end' }} gap="3" direction={{ initial: 'column', md: 'row' }}>
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="reports.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="reports.subtitle" />
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button
            variant="soft"
            onClick={() => globalThis.print()}
            disabled={!current.ready || (periodApplies && window === null)}
            className="report-print"
          >
            <PrinterIcon />
            <FormattedMessage id="reports.print" />
          </Button>
          <Button
            onClick={() => void exportReport()}
            disabled={!current.ready || (periodApplies && window === null)}
            loading={csv.isPending}
            className="report-export"
          >
            <DownloadIcon />
            <FormattedMessage id="reports.export" />
          </Button>
        </Flex>
      </Flex>

      {/* Printed on A4 while this page is open; its own paper for the rest of the app (receipts). */}
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      {/* On paper the filters' menus are left out: what they are set to is written out instead. */}
      <dl className="print-only report-print-facts" data-testid="report-print-facts">
        <div>
          <dt>
            <FormattedMessage id="reports.type.label" />
          </dt>
          <dd>{intl.formatMessage(reportTypeLabels[type])}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="reports.pharmacyFilter" />
          </dt>
          <dd>
            <bdi>{pharmacyName}</bdi>
          </dd>
        </div>
        {caption && (
          <div>
            <dt>
              <FormattedMessage id="reports.print.period" />
            </dt>
            <dd>{caption}</dd>
          </div>
        )}
      </dl>

      <ReportFilters
        type={type}
        range={range}
        customStart={custom.startDate}
        customEnd={custom.endDate}
        reversed={!resolved.ok}
        pharmacyId={pharmacyId}
        pharmacyOptions={pharmacyOptions}
        onTypeChange={(next) => change({ type: next })}
        onRangeChange={(next) => {
          if (next === 'custom') {
            // A custom period starts as the period on screen (the last 30 days after "All time").
            change({ range: next, from: window?.startDate ?? custom.startDate, to: window?.endDate ?? custom.endDate });
          } else {
            change({ range: next, from: undefined, to: undefined });
          }
        }}
        onCustomChange={(period) => change({ range: 'custom', ...period })}
        onPharmacyChange={(next) => change({ pharmacyId: next })}
      />

      <Flex direction="column" gap="1">
        {caption && (
          <Text as="p" size="2" color="gray" data-testid="report-period" className="print-hidden">
            {caption}
          </Text>
        )}
        {type === 'expiry' && (
          <Text as="p" size="2" color="gray">
            <FormattedMessage id="reports.expiry.subtitle" values={{ days: EXPIRY_REPORT_DAYS }} />
          </Text>
        )}
      </Flex>

      {view}
    </Flex>
  );
}
