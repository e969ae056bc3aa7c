import type { Pharmacy } from '@pharmacy/contracts';
import { datedCsvFileName, type CsvColumn, type CsvExportOptions } from '../../../lib/csv-export';

/** Columns follow the card: ID, Name, Name (Arabic), Address, Address (Arabic), Phone, Email, Status. */
export const locationCsvColumns: readonly CsvColumn<Pharmacy>[] = [
  { header: { id: 'locations.csv.id' }, cell: (location) => location.id },
  { header: { id: 'locations.form.name' }, cell: (location) => location.name },
  { header: { id: 'locations.form.nameAr' }, cell: (location) => location.nameAr },
  { header: { id: 'locations.form.address' }, cell: (location) => location.address },
  { header: { id: 'locations.form.addressAr' }, cell: (location) => location.addressAr },
  { header: { id: 'locations.form.phone' }, cell: (location) => location.phone },
  { header: { id: 'locations.form.email' }, cell: (location) => location.email },
  {
    header: { id: 'locations.csv.status' },
    cell: (location, { intl }) =>
      intl.formatMessage(location.isActive ? { id: 'locations.status.active' } : { id: 'locations.status.inactive' }),
  },
];

/** `pharmacy-locations-YYYY-MM-DD.csv`, dated in the user's own time zone (not UTC) so it matches their calendar. */
export function locationsCsvFileName(now: Date): string {
  return datedCsvFileName('pharmacy-locations', now);
}

export const locationCsvExport: CsvExportOptions<Pharmacy> = { fileName: locationsCsvFileName };
