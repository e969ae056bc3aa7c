import type { Product } from '@pharmacy/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { downloadTextFile } from '../../../lib/download';
import { salesUnitLabels } from '../../../lib/sales-units';
import { buildProductsCsv, productsCsvFileName } from '../utils/products-csv';

/** Downloads the products the table shows (after the search) as CSV, with headers in the active language. */
export function useExportProducts() {
  const intl = useIntl();
  return useCallback(
    (products: readonly Product[]) => {
      const csv = buildProductsCsv(products, {
        sku: intl.formatMessage({ id: 'products.form.sku' }),
        barcode: intl.formatMessage({ id: 'products.form.barcode' }),
        name: intl.formatMessage({ id: 'products.form.name' }),
        nameAr: intl.formatMessage({ id: 'products.form.nameAr' }),
        genericName: intl.formatMessage({ id: 'products.form.genericName' }),
        brand: intl.formatMessage({ id: 'products.form.brand' }),
        category: intl.formatMessage({ id: 'products.form.category' }),
        supplier: intl.formatMessage({ id: 'products.form.supplier' }),
        price: intl.formatMessage({ id: 'products.form.price' }),
        cost: intl.formatMessage({ id: 'products.form.cost' }),
        salesUnit: intl.formatMessage({ id: 'products.form.salesUnit' }),
        minStock: intl.formatMessage({ id: 'products.form.minStockLevel' }),
        maxStock: intl.formatMessage({ id: 'products.form.maxStockLevel' }),
        prescription: intl.formatMessage({ id: 'products.badge.prescription' }),
        status: intl.formatMessage({ id: 'products.column.status' }),
        yes: intl.formatMessage({ id: 'common.yes' }),
        no: intl.formatMessage({ id: 'common.no' }),
        active: intl.formatMessage({ id: 'products.badge.active' }),
        inactive: intl.formatMessage({ id: 'products.badge.inactive' }),
        unit: (unit) => intl.formatMessage(salesUnitLabels[unit]),
      });
      downloadTextFile(productsCsvFileName(new Date()), csv, 'text/csv;charset=utf-8');
    },
    [intl],
  );
}
