import type { Pharmacy } from '@pharmacy/contracts';
import { toCsv } from '../../../lib/csv';

export interface LocationsCsvLabels {
  id: string;
  name: string;
  nameAr: string;
  address: string;
  addressAr: string;
  phone: string;
  email: string;
  status: string;
  active: string;
  inactive: string;
}

/** Columns follow the card: ID, Name, Name (Arabic), Address, Address (Arabic), Phone, Email, Status. */
export function buildLocationsCsv(locations: readonly Pharmacy[], labels: LocationsCsvLabels): string {
  const header = [
    labels.id,
    labels.name,
    labels.nameAr,
    labels.address,
    labels.addressAr,
    labels.phone,
    labels.email,
    labels.status,
  ];
  const rows = locations.map((location) => [
    location.id,
    location.name,
    location.nameAr,
    location.address,
    location.addressAr,
    location.phone,
    location.email,
    location.isActive ? labels.active : labels.inactive,
  ]);
  return toCsv([header, ...rows]);
}

/** `pharmacy-locations-YYYY-MM-DD.csv`, dated in the user's own time zone (not UTC) so it matches their calendar. */
export function locationsCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `pharmacy-locations-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
