import { describe, expect, it } from '@jest/globals';
import { UTF8_BOM } from '../../../lib/csv';
import { aBatch } from '../../../test/catalogue';
import { csvIn } from '../../../test/csv';
import { anExpiringBatch } from '../../../test/expiry';
import { aCommissionRow, aSale } from '../../../test/reports';
import type { ReportNames } from '../hooks/use-report-names';
import {
  commissionCsvColumns,
  expiryReportCsvColumns,
  inventoryCsvColumns,
  reportCsvFileName,
  salesCsvColumns,
} from './report-csv';

const lines = (csv: string) => csv.slice(UTF8_BOM.length).trimEnd().split('\r\n');
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

const stockLabels = {
  'reports.column.productName': 'Product Name',
  'reports.column.sku': 'SKU',
  'reports.column.batchId': 'Batch ID',
  'reports.csv.batchNumber': 'Batch Number',
  'reports.column.quantity': 'Quantity',
  'reports.column.location': 'Location',
  'reports.column.expiryDate': 'Expiry Date',
  'reports.notAvailable': 'N/A',
};

/** Names as the rows give them (`useReportNames` reads the reader's language). */
const rowNames: ReportNames = {
  pharmacy: (_, name, nameAr) => nameAr ?? name ?? '',
  product: (_, name, nameAr) => nameAr ?? name,
};

describe('report CSV files (specification 001 §2)', () => {
  it('writes the sales table: short id, local time, walk-in customers, location, amount and Cash', () => {
    const csv = csvIn(
      [
        aSale({ createdAt: local(2026, 11, 20, 9, 30) }),
        aSale({ id: 'ffffffff-0000-4000-8000-0000000000b2', customerName: 'Omar, Jr.', totalAmount: '5.00' }),
      ],
      salesCsvColumns({ ...rowNames, pharmacy: (_, name) => `${name} (shown)` }),
      {
        'reports.column.transactionId': 'Transaction ID',
        'reports.column.dateTime': 'Date & Time',
        'reports.column.customer': 'Customer',
        'reports.column.location': 'Location',
        'reports.column.totalAmount': 'Total Amount',
        'reports.column.paymentMethod': 'Payment Method',
        'reports.sales.walkIn': 'Walk-in Customer',
        'reports.sales.cash': 'Cash',
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
    const csv = csvIn([aBatch()], inventoryCsvColumns(rowNames), stockLabels);
    expect(lines(csv)).toEqual([
      'Product Name,SKU,Batch ID,Batch Number,Quantity,Location,Expiry Date',
      'باراسيتامول ٥٠٠ ملغ,PAR-500-20,000000B1,LOT-1,40,صيدلية وسط البلد,2027-06-30',
    ]);
  });

  it('writes the expiry table: the inventory columns and the days until expiry (negative once past)', () => {
    const csv = csvIn(
      [anExpiringBatch({ daysToExpiry: -2 })],
      expiryReportCsvColumns({ pharmacy: (_, name) => name ?? '', product: (_, name) => name }),
      { ...stockLabels, 'reports.column.daysUntilExpiry': 'Days Until Expiry' },
    );
    expect(lines(csv)).toEqual([
      'Product Name,SKU,Batch ID,Batch Number,Quantity,Location,Expiry Date,Days Until Expiry',
      'Paracetamol 500 mg,PAR-500-20,000000E1,LOT-E1,12,Downtown Pharmacy,2026-12-01,-2',
    ]);
  });

  it('writes the commission table, the pharmacist and e-mail, product and SKU, quantity and unit apart', () => {
    const csv = csvIn(
      [aCommissionRow({ saleDate: local(2026, 11, 20, 14, 5) })],
      commissionCsvColumns({ product: () => 'باراسيتامول', pharmacy: () => 'Downtown Pharmacy' }),
      {
        'reports.column.pharmacist': 'Pharmacist',
        'reports.csv.email': 'Email',
        'reports.column.product': 'Product',
        'reports.column.sku': 'SKU',
        'reports.column.saleDate': 'Sale Date',
        'reports.column.quantity': 'Quantity',
        'reports.csv.salesUnit': 'Sales Unit',
        'reports.column.saleAmount': 'Sale Amount',
        'reports.csv.commissionRate': 'Commission Rate (%)',
        'reports.column.commissionAmount': 'Commission Amount',
        'reports.column.location': 'Location',
        'salesUnit.whole': 'Whole pack',
      },
    );
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
