import { describe, expect, it } from '@jest/globals';
import type { Pharmacy } from '@pharmacy/contracts';
import { csvIn } from '../../../test/csv';
import { locationCsvColumns, locationsCsvFileName } from './locations-csv';

const english = {
  'locations.csv.id': 'ID',
  'locations.form.name': 'Name',
  'locations.form.nameAr': 'Name (Arabic)',
  'locations.form.address': 'Address',
  'locations.form.addressAr': 'Address (Arabic)',
  'locations.form.phone': 'Phone',
  'locations.form.email': 'Email',
  'locations.csv.status': 'Status',
  'locations.status.active': 'Active',
  'locations.status.inactive': 'Inactive',
};

const locations: Pharmacy[] = [
  {
    id: '3f2a9c1e-0000-4000-8000-00000000abcd',
    name: 'Downtown "Main" Pharmacy',
    nameAr: 'صيدلية وسط البلد',
    address: 'King Hussein St, Amman',
    addressAr: 'شارع الملك حسين، عمّان',
    phone: '+962 6 555 0100',
    email: 'downtown@example.com',
    managerId: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
  {
    id: '3f2a9c1e-0000-4000-8000-00000000ef01',
    name: 'Airport',
    nameAr: null,
    address: 'Terminal 1',
    addressAr: null,
    phone: null,
    email: null,
    managerId: null,
    isActive: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
];

describe('the locations CSV', () => {
  it('writes a BOM, the header row and one quoted-as-needed row per location', () => {
    const lines = csvIn(locations, locationCsvColumns, english).split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Name,Name (Arabic),Address,Address (Arabic),Phone,Email,Status');
    expect(lines[1]).toBe(
      '3f2a9c1e-0000-4000-8000-00000000abcd,"Downtown ""Main"" Pharmacy",صيدلية وسط البلد,"King Hussein St, Amman",شارع الملك حسين، عمّان,+962 6 555 0100,downtown@example.com,Active',
    );
    expect(lines[2]).toBe('3f2a9c1e-0000-4000-8000-00000000ef01,Airport,,Terminal 1,,,,Inactive');
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('uses the labels it is given, so Arabic headers and statuses come out in Arabic', () => {
    const csv = csvIn(locations.slice(1), locationCsvColumns, {
      ...english,
      'locations.csv.id': 'المعرّف',
      'locations.csv.status': 'الحالة',
      'locations.status.inactive': 'غير نشط',
    });
    expect(csv.startsWith('\uFEFFالمعرّف,')).toBe(true);
    expect(csv).toContain(',الحالة\r\n');
    expect(csv.trimEnd().endsWith(',غير نشط')).toBe(true);
  });
});

describe('locationsCsvFileName', () => {
  it('names the file after the local calendar date', () => {
    expect(locationsCsvFileName(new Date(2026, 0, 5, 0, 30))).toBe('pharmacy-locations-2026-01-05.csv');
    expect(locationsCsvFileName(new Date(2026, 11, 31, 23, 59))).toBe('pharmacy-locations-2026-12-31.csv');
  });
});
