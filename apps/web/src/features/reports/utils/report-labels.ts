import type { MessageId } from '../../../i18n/messages';
import { salesUnitLabels } from '../../../lib/sales-units';
import type { ReportRange, ReportType } from './report-period';

// Message descriptors ({ id } literals, so the catalogue check sees every id).

/** The report type selector's items. */
export const reportTypeLabels = {
  sales: { id: 'reports.type.sales' },
  inventory: { id: 'reports.type.inventory' },
  expiry: { id: 'reports.type.expiry' },
  commission: { id: 'reports.type.commission' },
} as const satisfies Record<ReportType, { id: MessageId }>;

/** The {Type} of '{Type} report has been downloaded as CSV file.' */
export const reportTypeNames = {
  sales: { id: 'reports.typeName.sales' },
  inventory: { id: 'reports.typeName.inventory' },
  expiry: { id: 'reports.typeName.expiry' },
  commission: { id: 'reports.typeName.commission' },
} as const satisfies Record<ReportType, { id: MessageId }>;

export const reportRangeLabels = {
  today: { id: 'reports.range.today' },
  last7: { id: 'reports.range.last7' },
  last30: { id: 'reports.range.last30' },
  all: { id: 'reports.range.all' },
  custom: { id: 'reports.range.custom' },
} as const satisfies Record<ReportRange, { id: MessageId }>;

/** A commission row's sales unit by name; a unit this version does not know stays as the server wrote it. */
export function salesUnitLabel(unit: string): { id: MessageId } | null {
  return Object.hasOwn(salesUnitLabels, unit) ? salesUnitLabels[unit as keyof typeof salesUnitLabels] : null;
}
