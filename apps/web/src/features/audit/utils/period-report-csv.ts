import type { PeriodReport } from '@pharmacy/contracts';
import { localizedName } from '../../../lib/catalogue';
import { toCsv } from '../../../lib/csv';
import { movementColumns } from './movements';

export interface PeriodReportCsvLabels {
  product: string;
  sku: string;
  batch: string;
  expiryDate: string;
  opening: string;
  closing: string;
  total: string;
  /** A kind of movement's column heading (unknown kinds: their ledger name). */
  movement(kind: string): string;
}

type Cell = string | number;

/**
 * The report as a spreadsheet reads it: a line per product (its batch cells
 * empty) followed by a line per batch, then the totals; one column per kind
 * of movement the report has, figures as plain signed numbers. Packs
 * throughout, as the report counts them.
 */
export function periodReportCsvRows(
  report: PeriodReport,
  { labels, language }: { labels: PeriodReportCsvLabels; language: 'en' | 'ar' },
): Cell[][] {
  const kinds = movementColumns([report.totals.movements, ...report.products.map((product) => product.movements)]);
  const figures = (line: { opening: number; closing: number; movements: Readonly<Record<string, number>> }) => [
    line.opening,
    ...kinds.map((kind) => line.movements[kind] ?? 0),
    line.closing,
  ];
  const header = [
    labels.product,
    labels.sku,
    labels.batch,
    labels.expiryDate,
    labels.opening,
    ...kinds.map((kind) => labels.movement(kind)),
    labels.closing,
  ];
  const lines = report.products.flatMap((product) => {
    const name = localizedName(product.productName, product.productNameAr, language);
    return [
      [name, product.productSku, '', '', ...figures(product)],
      ...product.batches.map((batch) => [
        name,
        product.productSku,
        batch.batchNumber,
        batch.expiryDate,
        ...figures(batch),
      ]),
    ];
  });
  return [header, ...lines, [labels.total, '', '', '', ...figures(report.totals)]];
}

export function buildPeriodReportCsv(
  report: PeriodReport,
  options: { labels: PeriodReportCsvLabels; language: 'en' | 'ar' },
): string {
  return toCsv(periodReportCsvRows(report, options));
}

/**
 * `period-report-<pharmacy>-<from>-<to>.csv`: the pharmacy by its (English)
 * name in lower-case words joined by hyphens, so the name is safe on every
 * file system; the days as YYYY-MM-DD.
 */
export function periodReportFileName(pharmacyName: string, from: string, to: string): string {
  const slug =
    pharmacyName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'pharmacy';
  return `period-report-${slug}-${from}-${to}.csv`;
}
