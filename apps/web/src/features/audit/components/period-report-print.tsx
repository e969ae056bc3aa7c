import type { PeriodReport } from '@pharmacy/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { displayNameOf, useSignedInUser } from '../../../lib/session';
import { movementColumns, movementText, signedPacks } from '../utils/movements';

interface Meta {
  pharmacyName: string;
  fromDay: string;
  toDay: string;
}

/**
 * The printable period report: a print-only region outside the app (the print
 * stylesheet hides everything else, the shell included) with a header saying
 * which pharmacy and period, when it was printed and by whom, and every
 * product with its batches. Print opens the browser's dialog for it; the
 * browser's own Print command prints the same page.
 */
export function usePrintPeriodReport(): {
  print(): void;
  region(report: PeriodReport, meta: Meta): ReactNode;
} {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  const [job, setJob] = useState(0);

  useEffect(() => {
    if (job === 0) return;
    // Let the header take the new time first.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(timer);
  }, [job]);

  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);

  const print = useCallback(() => {
    setPrintedAt(new Date());
    setJob((current) => current + 1);
  }, []);

  const region = (report: PeriodReport, meta: Meta) =>
    createPortal(<PrintedReport report={report} meta={meta} printedAt={printedAt} />, document.body);

  return { print, region };
}

function PrintedReport({ report, meta, printedAt }: { report: PeriodReport; meta: Meta; printedAt: Date }) {
  const intl = useIntl();
  const { language, direction } = useLanguage();
  const day = useDayFormatter();
  const user = useSignedInUser();
  const kinds = movementColumns([report.totals.movements, ...report.products.map((product) => product.movements)]);
  const cells = (line: { opening: number; closing: number; movements: Readonly<Record<string, number>> }) => (
    <>
      <td>{intl.formatNumber(line.opening)}</td>
      {kinds.map((kind) => (
        <td key={kind}>
          <span className="ltr-value">{signedPacks(intl, line.movements[kind] ?? 0)}</span>
        </td>
      ))}
      <td>{intl.formatNumber(line.closing)}</td>
    </>
  );
  return (
    <div className="print-region audit-print" dir={direction} lang={language} data-testid="period-report-print">
      <style>{'@page { size: A4 landscape; margin: 12mm; }'}</style>
      <header className="audit-print-header">
        <h1>
          <FormattedMessage id="audit.print.title" />
        </h1>
        <dl>
          <div>
            <dt>
              <FormattedMessage id="audit.field.pharmacy" />
            </dt>
            <dd>
              <bdi>{meta.pharmacyName}</bdi>
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="audit.print.period" />
            </dt>
            <dd>
              <FormattedMessage
                id="audit.print.periodValue"
                values={{ from: day(meta.fromDay), to: day(meta.toDay) }}
              />
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="audit.print.printedAt" />
            </dt>
            <dd>{intl.formatDate(printedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="audit.print.printedBy" />
            </dt>
            <dd>
              <bdi>{displayNameOf(user)}</bdi>
            </dd>
          </div>
        </dl>
      </header>
      <table className="audit-print-table">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="audit.column.product" />
            </th>
            <th>
              <FormattedMessage id="audit.field.batch" />
            </th>
            <th>
              <FormattedMessage id="audit.period.opening" />
            </th>
            {kinds.map((kind) => (
              <th key={kind}>{movementText(intl, kind)}</th>
            ))}
            <th>
              <FormattedMessage id="audit.period.closing" />
            </th>
          </tr>
        </thead>
        <tbody>
          {report.products.map((product) => (
            <PrintedProduct key={product.productId} product={product} cells={cells} language={language} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>
              <FormattedMessage id="audit.period.total" />
            </th>
            {cells(report.totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PrintedProduct({
  product,
  cells,
  language,
}: {
  product: PeriodReport['products'][number];
  cells(line: { opening: number; closing: number; movements: Readonly<Record<string, number>> }): ReactNode;
  language: 'en' | 'ar';
}) {
  const name = localizedName(product.productName, product.productNameAr, language);
  return (
    <>
      <tr className="audit-print-product">
        <th scope="row">
          <bdi>{name}</bdi> <span className="code-value">{product.productSku}</span>
        </th>
        <td />
        {cells(product)}
      </tr>
      {product.batches.map((batch) => (
        <tr key={batch.batchId}>
          <td />
          <td>
            <span className="code-value">{batch.batchNumber}</span>
          </td>
          {cells(batch)}
        </tr>
      ))}
    </>
  );
}
