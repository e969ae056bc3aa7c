import type { Transaction } from 'kysely';
import { foldForSearch } from '@pharmacy/contracts';
import type { CategoryEvent, ProductDetails, ProductEvent, SupplierEvent } from '@pharmacy/domain';
import type { ReadDatabase } from '@pharmacy/read-db';
import type { Projection } from '../runner/projection';
import { catalogueTables } from './catalogue.tables';

type CatalogueEvent = CategoryEvent | SupplierEvent | ProductEvent;

const handles = [
  'CategoryCreated',
  'CategoryDetailsChanged',
  'CategoryDeleted',
  'SupplierRegistered',
  'SupplierDetailsChanged',
  'SupplierDeleted',
  'ProductRegistered',
  'ProductDetailsChanged',
  'ProductPriceChanged',
  'ProductCommissionChanged',
  'ProductActivated',
  'ProductDeactivated',
  'ProductDeleted',
] satisfies Array<CatalogueEvent['type']>;

function searchText(
  p: Pick<ProductDetails, 'name' | 'nameAr' | 'genericName' | 'genericNameAr' | 'brand' | 'sku' | 'barcode'>,
): string {
  return foldForSearch(
    [p.name, p.nameAr, p.genericName, p.genericNameAr, p.brand, p.sku, p.barcode].filter(Boolean).join(' '),
  );
}

async function refreshSearchText(trx: Transaction<ReadDatabase>, productId: string): Promise<void> {
  const row = await trx
    .selectFrom('products')
    .select(['name', 'nameAr', 'genericName', 'genericNameAr', 'brand', 'sku', 'barcode'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (row)
    await trx
      .updateTable('products')
      .set({ searchText: searchText(row) })
      .where('id', '=', productId)
      .execute();
}

/** Categories, suppliers, products, and the price and commission histories (as facts, with who and when). */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 3,
  handles,
  schema: catalogueTables,

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
    const at = recorded.metadata.occurredAt;
    const by = recorded.metadata.userId;
    const position = recorded.position.commit;
    // A product's version counts its events: the revision of its own stream, plus one.
    const version = Number(recorded.revision) + 1;
    switch (event.type) {
      case 'CategoryCreated':
        await trx
          .insertInto('categories')
          .values({ id: event.data.categoryId, ...event.data.details, createdAt: at, updatedAt: at })
          .execute();
        return;
      case 'CategoryDetailsChanged':
        await trx
          .updateTable('categories')
          .set({ ...event.data.changes, updatedAt: at })
          .where('id', '=', event.data.categoryId)
          .execute();
        return;
      case 'CategoryDeleted':
        await trx.deleteFrom('categories').where('id', '=', event.data.categoryId).execute();
        return;
      case 'SupplierRegistered':
        await trx
          .insertInto('suppliers')
          .values({ id: event.data.supplierId, ...event.data.details, createdAt: at, updatedAt: at })
          .execute();
        return;
      case 'SupplierDetailsChanged':
        await trx
          .updateTable('suppliers')
          .set({ ...event.data.changes, updatedAt: at })
          .where('id', '=', event.data.supplierId)
          .execute();
        return;
      case 'SupplierDeleted':
        await trx.deleteFrom('suppliers').where('id', '=', event.data.supplierId).execute();
        return;
      case 'ProductRegistered': {
        const { productId, details, pricing, commission, isActive } = event.data;
        await trx
          .insertInto('products')
          .values({
            id: productId,
            ...details,
            ...pricing,
            ...commission,
            isActive,
            searchText: searchText(details),
            version,
            createdAt: at,
            updatedAt: at,
          })
          .execute();
        await trx
          .insertInto('productPriceHistory')
          .values({ productId, position, ...pricing, effectiveAt: at, changedBy: by })
          .execute();
        await trx
          .insertInto('productCommissionHistory')
          .values({ productId, position, ...commission, effectiveDate: at, changedBy: by, reason: null })
          .execute();
        return;
      }
      case 'ProductDetailsChanged':
        await trx
          .updateTable('products')
          .set({ ...event.data.changes, version, updatedAt: at })
          .where('id', '=', event.data.productId)
          .execute();
        await refreshSearchText(trx, event.data.productId);
        return;
      case 'ProductPriceChanged': {
        const { productId, price, cost } = event.data;
        await trx
          .updateTable('products')
          .set({ price, cost, version, updatedAt: at })
          .where('id', '=', productId)
          .execute();
        await trx
          .insertInto('productPriceHistory')
          .values({ productId, position, price, cost, effectiveAt: at, changedBy: by })
          .execute();
        return;
      }
      case 'ProductCommissionChanged': {
        const { productId, commissionRate, commissionEnabled, reason } = event.data;
        await trx
          .updateTable('products')
          .set({ commissionRate, commissionEnabled, version, updatedAt: at })
          .where('id', '=', productId)
          .execute();
        await trx
          .insertInto('productCommissionHistory')
          .values({ productId, position, commissionRate, commissionEnabled, effectiveDate: at, changedBy: by, reason })
          .execute();
        return;
      }
      case 'ProductActivated':
      case 'ProductDeactivated':
        await trx
          .updateTable('products')
          .set({ isActive: event.type === 'ProductActivated', version, updatedAt: at })
          .where('id', '=', event.data.productId)
          .execute();
        return;
      case 'ProductDeleted':
        await trx.deleteFrom('products').where('id', '=', event.data.productId).execute();
        return;
    }
  },
};
