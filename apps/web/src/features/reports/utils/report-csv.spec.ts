import { describe, expect, it } from '@jest/globals';
import { UTF8_BOM } from '../../../lib/csv';
import { aBatch } from '../../../test/catalogue';
import { anExpiringBatch } from '../../../test/expiry';
import { aCommissionRow, aSale } from '../../../test/reports';
import {
  buildCommissionCsv,
  buildExpiryReportCsv,
  buildInventoryCsv,
  buildSalesCsv,
  reportCsvFileName,
  type StockCsvLabels,
} from './report-csv';

const lines = (csv: string) => csv.slice(UTF8_BOM.length).trimEnd().split('\r\n');
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

const stockLabels: StockCsvLabels = {
  productName: 'Product Name',
  sku: 'SKU',
  batchId: 'Batch ID',
  batchNumber: 'Batch Number',
  quantity: 'Quantity',
  location: 'Location',
  expiryDate: 'Expiry Date',
  notAvailable: 'N/A',
};

describe('report CSV files (specification 001 §2)', () => {
  it('writes the sales table: short id, local time, walk-in customers, location, amount and Cash', () => {
    const csv = buildSalesCsv(
      [
        aSale({ createdAt: local(2026, 11, 20, 9, 30) }),
        aSale({ id: 'ffffffff-0000-4000-8000-0000000000b2', customerName: 'Omar, Jr.', totalAmount: '5.00' }),
      ],
      {
        labels: {
          transactionId: 'Transaction ID',
          dateTime: 'Date & Time',
          customer: 'Customer',
          location: 'Location',
          totalAmount: 'Total Amount',
          paymentMethod: 'Payment Method',
          walkIn: 'Walk-in Customer',
          cash: 'Cash',
        },
        pharmacyName: (sale) => `${sale.pharmacyName} (shown)`,
      },
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(lines(csv)).toEqual([
      'Transaction ID,Date & Time,Customer,Location,Total Amount,Payment Method',
      '#0000A5E1,2026-11-20 09:30,Walk-in Customer,Downtown Pharmacy (shown),37.50,Cash',
      expect.stringMatching(
        /^#000000B2,\d{4}-\d{2}-\d{2} \d{2}:\d{2},"Omar, Jr.",Downtown Pharmacy \(shown\),5.00,Cash$/,
      ),
    ]);
  });

  it('writes the inventory table with the batch number beside the short batch id', () => {
    const csv = buildInventoryCsv([aBatch()], {
      labels: stockLabels,
      productName: (batch) => batch.productNameAr ?? batch.productName,
      pharmacyName: (batch) => batch.pharmacyNameAr ?? batch.pharmacyName,
    });
    expect(lines(csv)).toEqual([
      'Product Name,SKU,Batch ID,Batch Number,Quantity,Location,Expiry Date',
      'باراسيتامول ٥٠٠ ملغ,PAR-500-20,000000B1,LOT-1,40,صيدلية وسط البلد,2027-06-30',
    ]);
  });

  it('writes the expiry table: the inventory columns and the days until expiry (negative once past)', () => {
    const csv = buildExpiryReportCsv([anExpiringBatch({ daysToExpiry: -2 })], {
      labels: { ...stockLabels, daysUntilExpiry: 'Days Until Expiry' },
      productName: (row) => row.productName,
      pharmacyName: (row) => row.pharmacyName,
    });
    expect(lines(csv)).toEqual([
      'Product Name,SKU,Batch ID,Batch Number,Quantity,Location,Expiry Date,Days Until Expiry',
      'Paracetamol 500 mg,PAR-500-20,000000E1,LOT-E1,12,Downtown Pharmacy,2026-12-01,-2',
    ]);
  });

  it('writes the commission table, the pharmacist and e-mail, product and SKU, quantity and unit apart', () => {
    const csv = buildCommissionCsv([aCommissionRow({ saleDate: local(2026, 11, 20, 14, 5) })], {
      labels: {
        pharmacist: 'Pharmacist',
        email: 'Email',
        product: 'Product',
        sku: 'SKU',
        saleDate: 'Sale Date',
        quantity: 'Quantity',
        salesUnit: 'Sales Unit',
        saleAmount: 'Sale Amount',
        commissionRate: 'Commission Rate (%)',
        commissionAmount: 'Commission Amount',
        location: 'Location',
      },
      productName: () => 'باراسيتامول',
      pharmacyName: () => 'Downtown Pharmacy',
      salesUnit: (unit) => (unit === 'whole' ? 'Whole pack' : unit),
    });
    expect(lines(csv)).toEqual([
      'Pharmacist,Email,Product,SKU,Sale Date,Quantity,Sales Unit,Sale Amount,Commission Rate (%),Commission Amount,Location',
      'Sara Haddad,sara@pharmacy.example,باراسيتامول,PAR-500-20,2026-11-20 14:05,3,Whole pack,37.50,4.00,1.50,Downtown Pharmacy',
    ]);
  });
});

describe('report file names (specification 001 §2, §9)', () => {
  const now = new Date(2026, 2, 1, 23, 59);

  it('names sales and commission files with the range and the date', () => {
    expect(reportCsvFileName('sales', 'today', {}, now)).toBe('sales-report-today-2026-03-01.csv');
    expect(reportCsvFileName('sales', 'last7', {}, now)).toBe('sales-report-last-7-days-2026-03-01.csv');
    expect(reportCsvFileName('commission', 'last30', {}, now)).toBe('commission-report-last-30-days-2026-03-01.csv');
    expect(reportCsvFileName('commission', 'all', {}, now)).toBe('commission-report-all-time-2026-03-01.csv');
    expect(reportCsvFileName('sales', 'custom', { startDate: '2001-01-01', endDate: '2001-01-31' }, now)).toBe(
      'sales-report-2001-01-01-to-2001-01-31-2026-03-01.csv',
    );
  });

  it('names inventory and expiry files with the date only', () => {
    expect(reportCsvFileName('inventory', 'last7', {}, now)).toBe('inventory-report-2026-03-01.csv');
    expect(reportCsvFileName('expiry', 'custom', { startDate: '2001-01-01', endDate: '2001-01-31' }, now)).toBe(
      'expiry-report-2026-03-01.csv',
    );
  });
});
