import type { Pharmacy } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { downloadTextFile } from '../../../lib/download';
import { buildLocationsCsv, locationsCsvFileName } from '../utils/locations-csv';

/** Downloads the given (already filtered) locations as CSV, with headers in the active language. */
export function useExportLocations() {
  const intl = useIntl();
  return useCallback(
    (locations: readonly Pharmacy[]) => {
      const csv = buildLocationsCsv(locations, {
        id: intl.formatMessage({ id: 'locations.csv.id' }),
        name: intl.formatMessage({ id: 'locations.form.name' }),
        nameAr: intl.formatMessage({ id: 'locations.form.nameAr' }),
        address: intl.formatMessage({ id: 'locations.form.address' }),
        addressAr: intl.formatMessage({ id: 'locations.form.addressAr' }),
        phone: intl.formatMessage({ id: 'locations.form.phone' }),
        email: intl.formatMessage({ id: 'locations.form.email' }),
        status: intl.formatMessage({ id: 'locations.csv.status' }),
        active: intl.formatMessage({ id: 'locations.status.active' }),
        inactive: intl.formatMessage({ id: 'locations.status.inactive' }),
      });
      downloadTextFile(locationsCsvFileName(new Date()), csv, 'text/csv;charset=utf-8');
    },
    [intl],
  );
}
