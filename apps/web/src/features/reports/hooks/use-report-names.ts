import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, productsQueryOptions } from '../../../lib/catalogue';
import { usePharmacies } from '../../../lib/pharmacies';

export interface ReportNames {
  /** A pharmacy by id in the reader's language; the row's own name when the list lacks it; else 'Unknown Location'. */
  pharmacy(id: string, name?: string | null, nameAr?: string | null): string;
  /** A product in the reader's language (the catalogue supplies Arabic names rows do not carry). */
  product(id: string, name: string, nameAr?: string | null): string;
}

/**
 * Names as the reader's language writes them. Sales and commission rows carry
 * English names only: the Arabic ones come from the pharmacy list and, for an
 * Arabic commission report, from the product catalogue (read only then).
 */
export function useReportNames({ catalogue }: { catalogue: boolean }): ReportNames {
  const intl = useIntl();
  const { language } = useLanguage();
  const pharmacies = usePharmacies();
  const products = useQuery({ ...productsQueryOptions(), enabled: catalogue && language === 'ar' });
  return useMemo(() => {
    const pharmacyById = new Map((pharmacies.data ?? []).map((pharmacy) => [pharmacy.id, pharmacy]));
    const arabicProductNames = new Map((products.data ?? []).map((product) => [product.id, product.nameAr]));
    const unknownLocation = intl.formatMessage({ id: 'reports.unknownLocation' });
    return {
      pharmacy: (id, name, nameAr) => {
        const found = pharmacyById.get(id);
        if (found) return localizedName(found.name, found.nameAr, language);
        return name ? localizedName(name, nameAr, language) : unknownLocation;
      },
      product: (id, name, nameAr) => localizedName(name, nameAr ?? arabicProductNames.get(id), language),
    };
  }, [pharmacies.data, products.data, language, intl]);
}
