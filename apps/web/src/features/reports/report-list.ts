import { salesSorts, type SalesSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { isValidIsoDay } from '../../lib/dates';
import { choiceParam, idParam, pageParam, textParam, type ListSearch, type ListValues } from '../../lib/list-search';
import {
  DEFAULT_REPORT_RANGE,
  DEFAULT_REPORT_TYPE,
  reportRanges,
  reportTypes,
  type ReportRange,
  type ReportSelection,
  type ReportType,
} from './utils/report-period';

const day = z.string().refine(isValidIsoDay).optional().catch(undefined);

/**
 * `/reports?type=&range=&from=&to=&pharmacy=` and the table's `&q=&sort=&page=`:
 * the report as chosen and its table as left, so a report can be bookmarked or
 * sent to a colleague. Anything malformed falls back to the default.
 */
export const reportSearch = z.object({
  type: choiceParam(reportTypes),
  range: choiceParam(reportRanges),
  from: day,
  to: day,
  pharmacy: idParam,
  page: pageParam,
  q: textParam,
  /** The sales table's order. */
  sort: choiceParam(salesSorts),
});

export const reportDefaults: { type: ReportType; range: ReportRange; sort: SalesSort } = {
  type: DEFAULT_REPORT_TYPE,
  range: DEFAULT_REPORT_RANGE,
  // Newest first.
  sort: '-date',
};

/** The report the address names. */
export function selectionOf(search: z.output<typeof reportSearch>): ReportSelection {
  return {
    type: search.type ?? reportDefaults.type,
    range: search.range ?? reportDefaults.range,
    from: search.from,
    to: search.to,
    pharmacyId: search.pharmacy ?? null,
  };
}

/**
 * The address of another report: its table starts on its first page, unsearched and
 * in its own order; the custom period's days are kept only with the custom range.
 */
export function searchOf(selection: ReportSelection): Partial<z.output<typeof reportSearch>> {
  const custom = selection.range === 'custom';
  return {
    type: selection.type,
    range: selection.range,
    from: custom ? selection.from : undefined,
    to: custom ? selection.to : undefined,
    pharmacy: selection.pharmacyId ?? undefined,
    q: undefined,
    sort: undefined,
  };
}

/** The report's state in the address, as `useListSearch` gives it. */
export type ReportList = ListSearch<ListValues<z.output<typeof reportSearch>, typeof reportDefaults>>;
