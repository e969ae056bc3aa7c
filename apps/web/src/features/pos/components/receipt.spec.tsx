import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SaleDetail } from '@pharmacy/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PRODUCT_ID } from '../../../test/catalogue';
import { renderSignedIn } from '../../../test/signed-in';
import { downtown } from '../../../test/users';
import { Receipt, usePrintReceipt, type Paper } from './receipt';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const line = (overrides: Partial<SaleDetail['lines'][number]>): SaleDetail['lines'][number] => ({
  lineIndex: 0,
  productId: PRODUCT_ID,
  productName: 'Paracetamol 500 mg',
  productNameAr: 'باراسيتامول ٥٠٠ ملغ',
  sku: 'PAR-500-20',
  salesUnit: 'whole',
  unitsPerPackage: 1,
  quantity: 2,
  returnedQuantity: 0,
  unitPrice: '10.00',
  totalPrice: '15.00',
  commissionEnabled: false,
  commissionRate: '0.00',
  commissionAmount: '0.00',
  discountAmount: '5.00',
  allocations: [
    {
      batchId: '7a1b2c3d-0000-4000-8000-0000000000b1',
      batchNumber: 'LOT-1',
      expiryDate: '2026-12-01',
      quantity: 2,
      returnedQuantity: 0,
      totalPrice: '15.00',
      commissionAmount: '0.00',
      discountPercentage: '25.00',
      discountAmount: '5.00',
    },
  ],
  ...overrides,
});

const sale: SaleDetail = {
  id: '9a1b2c3d-0000-4000-8000-00000000abcd',
  pharmacyId: downtown.id,
  pharmacyName: downtown.name,
  userId: null,
  userName: null,
  customerName: null,
  customerPhone: null,
  notes: null,
  totalAmount: '18.50',
  cashReceived: '20.00',
  change: '1.50',
  refundedAmount: '0.00',
  itemCount: 3,
  createdAt: '2026-11-22T10:00:00.000Z',
  offlineNumber: null,
  offline: null,
  pharmacy: { name: downtown.name, nameAr: downtown.nameAr, address: 'Amman', addressAr: null, phone: null },
  lines: [
    line({}),
    line({
      lineIndex: 1,
      productName: 'Zinc 10 mg',
      productNameAr: null,
      quantity: 1,
      unitPrice: '3.50',
      totalPrice: '3.50',
      discountAmount: '0.00',
      allocations: [],
    }),
  ],
  returns: [],
};

describe('the receipt', () => {
  it("shows a discounted line's list price, the discount with its rate, and the server's totals", () => {
    renderSignedIn(<Receipt sale={sale} />, { routes: {} });
    const [discounted, plain] = within(screen.getByRole('article', { name: 'Receipt' }))
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(discounted!.getByText('$15.00')).toBeTruthy();
    expect(discounted!.getByTestId('receipt-list-price').textContent).toBe('List price$20.00');
    expect(discounted!.getByTestId('receipt-discount').textContent).toBe('Discount 25%\u2212$5.00');
    expect(plain!.queryByTestId('receipt-discount')).toBeNull();
    expect(plain!.queryByTestId('receipt-list-price')).toBeNull();
    expect(screen.getByText('$18.50')).toBeTruthy();
    expect(screen.getByTestId('receipt-discounts').textContent).toBe('Discounts\u2212$5.00');
  });

  it('says it in Arabic', () => {
    renderSignedIn(<Receipt sale={sale} />, { routes: {}, language: 'ar' });
    expect(screen.getByTestId('receipt-discount').textContent).toMatch(/^خصم 25/);
    expect(screen.getByTestId('receipt-list-price').textContent).toMatch(/^سعر القائمة/);
  });

  it('has no discount lines when nothing was discounted', () => {
    renderSignedIn(<Receipt sale={{ ...sale, lines: [sale.lines[1]!], totalAmount: '3.50' }} />, { routes: {} });
    expect(screen.queryByTestId('receipt-discount')).toBeNull();
    expect(screen.queryByTestId('receipt-discounts')).toBeNull();
  });
});

/** A button per paper that prints the sale's receipt, and the print region. */
function Printer({ sold }: { sold: SaleDetail }) {
  const printer = usePrintReceipt();
  return (
    <>
      {(['80mm', 'a4'] as Paper[]).map((paper) => (
        <button key={paper} type="button" onClick={() => printer.print(sold, paper)}>
          {paper}
        </button>
      ))}
      {printer.portal}
    </>
  );
}

describe('printing a receipt', () => {
  it("renders it for its paper, opens the print dialog, and leaves once it closes (the page's own Print command prints the page again)", () => {
    jest.useFakeTimers();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderSignedIn(<Printer sold={sale} />, { routes: {} });
    fireEvent.click(screen.getByRole('button', { name: '80mm' }));
    const region = document.querySelector('body > .print-region');
    expect(region?.className).toBe('print-region print-80mm');
    expect(region?.textContent).toContain('$18.50');
    act(() => jest.advanceTimersByTime(100));
    expect(print).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.print-region')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'a4' }));
    expect(document.querySelector('body > .print-region')?.className).toBe('print-region print-a4');
  });
});
