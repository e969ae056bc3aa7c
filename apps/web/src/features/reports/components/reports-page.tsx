import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { todayIso, useDayFormatter } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { useSignedInUser } from '../../../lib/session';
import { useCommissionReport, useExpiringReport, useInventoryReport, useSalesReport } from '../api/reports';
import { useExportReport, type ReportExport } from '../hooks/use-export-report';
import { useReportNames } from '../hooks/use-report-names';
import {
  customDefaults,
  EXPIRY_REPORT_DAYS,
  resolveReportWindow,
  usesPeriod,
  type ReportSelection,
  type ReportWindow,
} from '../utils/report-period';
import { expiryReportRows, inventoryReportRows } from '../utils/report-rows';
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
export function ReportsPage({
  selection,
  onSelectionChange,
}: {
  selection: ReportSelection;
  onSelectionChange(next: ReportSelection): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const day = useDayFormatter();
  const today = todayIso();
  const { type, range, from, to, pharmacyId } = selection;
  const periodApplies = usesPeriod(type);

  const resolved = useMemo(() => resolveReportWindow(range, today, { from, to }), [range, today, from, to]);
  const window = resolved.ok ? resolved.window : null;
  const custom = customDefaults(today, { from, to });

  const names = useReportNames({ catalogue: type === 'commission' });
  const sales = useSalesReport(window ?? NO_WINDOW, pharmacyId, type === 'sales' && window !== null);
  const commission = useCommissionReport(window ?? NO_WINDOW, pharmacyId, type === 'commission' && window !== null);
  const inventory = useInventoryReport(pharmacyId, type === 'inventory');
  const expiring = useExpiringReport(pharmacyId, type === 'expiry');
  const inventoryRows = useMemo(() => inventoryReportRows(inventory.data ?? []), [inventory.data]);
  const expiryRows = useMemo(() => expiryReportRows(expiring.data ?? []), [expiring.data]);
  const exportReport = useExportReport(names);

  const pharmacyOptions = useMemo(() => {
    // Administrators and auditors read every pharmacy (closed ones too: their history stays); others their own.
    const everyone = role === 'admin' || role === 'auditor';
    const list = everyone ? (pharmacies.data ?? []) : user.pharmacies;
    return list
      .map((pharmacy) => ({ id: pharmacy.id, name: localizedName(pharmacy.name, pharmacy.nameAr, language) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [role, pharmacies.data, user.pharmacies, language]);

  const current = ((): { report: ReportExport; ready: boolean } => {
    switch (type) {
      case 'sales':
        return { report: { type, rows: sales.data ?? [] }, ready: sales.isSuccess };
      case 'inventory':
        return { report: { type, rows: inventoryRows }, ready: inventory.isSuccess };
      case 'expiry':
        return { report: { type, rows: expiryRows }, ready: expiring.isSuccess };
      case 'commission':
        return { report: { type, rows: commission.data ?? [] }, ready: commission.isSuccess };
      default: {
        const unknown: never = type;
        throw new Error(`Unknown report ${String(unknown)}`);
      }
    }
  })();

  const change = (next: Partial<ReportSelection>) => onSelectionChange({ ...selection, ...next });

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

  // Each report starts on its first page whenever what it shows changes.
  const viewKey = [type, range, window?.startDate, window?.endDate, pharmacyId].join('|');

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
      />
    );
  } else if (type === 'commission') {
    view = <CommissionReport key={viewKey} commission={commission} names={names} />;
  } else if (type === 'inventory') {
    view = (
      <InventoryReport key={viewKey} batches={inventory} rows={inventoryRows} pharmacyId={pharmacyId} names={names} />
    );
  } else {
    view = (
      <ExpiryReport
        key={viewKey}
        expiring={expiring}
        rows={expiryRows}
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
        <Button
          onClick={() => exportReport(current.report, range, window ?? NO_WINDOW)}
          disabled={!current.ready || (periodApplies && window === null)}
          className="report-export"
        >
          <DownloadIcon />
          <FormattedMessage id="reports.export" />
        </Button>
      </Flex>

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
          <Text as="p" size="2" color="gray" data-testid="report-period">
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
