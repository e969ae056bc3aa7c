import type { SaleDetail } from '@pharmacy/contracts';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter, useDayFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { salesUnitLabels } from '../../../lib/sales-units';
import { lineDiscount, saleDiscountTotal } from '../utils/receipt-discounts';
import { saleNumber } from '../utils/sale-number';

export type Paper = '80mm' | 'a4';

/**
 * A sale's receipt, in the reader's language and direction: the pharmacy, the
 * date, the sale number, every line with its batches and their expiry, the
 * total, the cash and the change (and refunds, on a reprint after a return).
 * A sale made offline carries the till's number; `pending`: the till's own
 * receipt of a sale the server has not recorded yet (it has no sale number).
 */
export function Receipt({ sale, pending = false }: { sale: SaleDetail; pending?: boolean }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const money = useMoneyFormatter();
  const day = useDayFormatter();
  const dateTime = useDateTimeFormatter();
  const pharmacyName = localizedName(sale.pharmacy.name, sale.pharmacy.nameAr, language);
  const address = language === 'ar' && sale.pharmacy.addressAr ? sale.pharmacy.addressAr : sale.pharmacy.address;
  const percent = (rate: string) =>
    intl.formatNumber(Number(rate) / 100, { style: 'percent', maximumFractionDigits: 2 });
  const discounts = saleDiscountTotal(sale);
  // A minus sign before the amount as formatted: a negative amount formatted in Arabic, with its
  // direction marks and the Latin currency symbol, comes out scrambled in a right-to-left line.
  const minus = (amount: string) => `\u2212${money(amount)}`;
  return (
    <article className="receipt" aria-label={intl.formatMessage({ id: 'pos.receipt.title' })}>
      <header className="receipt-header">
        <strong className="receipt-pharmacy">{pharmacyName}</strong>
        <span>{address}</span>
        {sale.pharmacy.phone && <span dir="ltr">{sale.pharmacy.phone}</span>}
      </header>
      <dl className="receipt-facts">
        {!pending && (
          <div>
            <dt>
              <FormattedMessage id="pos.receipt.sale" values={{ number: saleNumber(sale.id) }} />
            </dt>
          </div>
        )}
        {sale.offlineNumber && (
          <div data-testid="receipt-offline">
            <dt>
              {pending ? (
                <FormattedMessage
                  id="pos.receipt.offlinePending"
                  values={{ number: <bdi>{sale.offlineNumber}</bdi> }}
                />
              ) : (
                <FormattedMessage id="pos.receipt.offline" values={{ number: <bdi>{sale.offlineNumber}</bdi> }} />
              )}
            </dt>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id="pos.receipt.date" />
          </dt>
          <dd>{dateTime(sale.createdAt)}</dd>
        </div>
        {sale.userName && (
          <div>
            <dt>
              <FormattedMessage id="pos.receipt.cashier" />
            </dt>
            <dd>{sale.userName}</dd>
          </div>
        )}
        {sale.customerName && (
          <div>
            <dt>
              <FormattedMessage id="pos.receipt.customer" />
            </dt>
            <dd>{sale.customerName}</dd>
          </div>
        )}
      </dl>
      <ol className="receipt-lines">
        {sale.lines.map((line) => {
          const discount = lineDiscount(line);
          return (
            <li key={line.lineIndex} data-discounted={discount ? '' : undefined}>
              <div className="receipt-line">
                <span>{localizedName(line.productName, line.productNameAr, language)}</span>
                <span className="receipt-amount">{money(line.totalPrice)}</span>
              </div>
              <div className="receipt-detail">
                {intl.formatNumber(line.quantity)} × {intl.formatMessage(salesUnitLabels[line.salesUnit])} ·{' '}
                {money(line.unitPrice)}
              </div>
              {discount && (
                <>
                  <div className="receipt-detail receipt-line" data-testid="receipt-list-price">
                    <span>
                      <FormattedMessage id="pos.receipt.listPrice" />
                    </span>
                    <span className="receipt-amount">{money(discount.listTotal)}</span>
                  </div>
                  <div className="receipt-detail receipt-line receipt-discount" data-testid="receipt-discount">
                    <span>
                      {discount.percentages.length > 0 ? (
                        <FormattedMessage
                          id="pos.receipt.discountRate"
                          values={{ value: discount.percentages.map(percent).join(' / ') }}
                        />
                      ) : (
                        <FormattedMessage id="pos.receipt.discount" />
                      )}
                    </span>
                    <span className="receipt-amount">{minus(discount.amount)}</span>
                  </div>
                </>
              )}
              {line.allocations.map((allocation) => (
                <div className="receipt-detail" key={allocation.batchId}>
                  <FormattedMessage
                    id="pos.receipt.batchLine"
                    values={{ batch: <bdi>{allocation.batchNumber}</bdi>, date: day(allocation.expiryDate) }}
                  />
                  {line.allocations.length > 1 && <> · {intl.formatNumber(allocation.quantity)}</>}
                </div>
              ))}
            </li>
          );
        })}
      </ol>
      <dl className="receipt-totals">
        <div>
          <dt>
            <FormattedMessage id="pos.receipt.total" />
          </dt>
          <dd className="receipt-amount">{money(sale.totalAmount)}</dd>
        </div>
        {discounts !== '0.00' && (
          <div data-testid="receipt-discounts">
            <dt>
              <FormattedMessage id="pos.receipt.discounts" />
            </dt>
            <dd className="receipt-amount">{minus(discounts)}</dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id="pos.receipt.cash" />
          </dt>
          <dd className="receipt-amount">{money(sale.cashReceived)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="pos.receipt.change" />
          </dt>
          <dd className="receipt-amount">{money(sale.change)}</dd>
        </div>
        {Number(sale.refundedAmount) > 0 && (
          <div>
            <dt>
              <FormattedMessage id="pos.receipt.refunded" />
            </dt>
            <dd className="receipt-amount">{money(sale.refundedAmount)}</dd>
          </div>
        )}
      </dl>
      <p className="receipt-thanks">
        <FormattedMessage id="pos.receipt.thanks" />
      </p>
    </article>
  );
}

/**
 * Prints a receipt: it is rendered into a print-only region outside the app,
 * with a page size for a thermal receipt printer (80 mm) or A4, and the
 * browser's print dialog is opened for it.
 */
export function usePrintReceipt(): {
  print(sale: SaleDetail, paper: Paper, options?: { pending?: boolean }): void;
  portal: React.ReactNode;
} {
  const { direction, language } = useLanguage();
  const [job, setJob] = useState<{ sale: SaleDetail; paper: Paper; pending: boolean; id: number } | null>(null);

  useEffect(() => {
    if (!job) return;
    // Let the receipt render, then print. Once the print dialog has closed the region goes, so the
    // browser's own Print command prints the page again, not this receipt (styles.css: printing).
    const timer = window.setTimeout(() => window.print(), 50);
    const printed = () => setJob(null);
    window.addEventListener('afterprint', printed);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', printed);
    };
  }, [job]);

  const portal = job
    ? createPortal(
        <div className={`print-region print-${job.paper}`} dir={direction} lang={language}>
          <style>
            {job.paper === '80mm' ? '@page { size: 80mm auto; margin: 3mm; }' : '@page { size: A4; margin: 15mm; }'}
          </style>
          <Receipt sale={job.sale} pending={job.pending} />
        </div>,
        document.body,
      )
    : null;

  return {
    print: (sale, paper, options) => setJob({ sale, paper, pending: options?.pending ?? false, id: Date.now() }),
    portal,
  };
}
