import { sql } from 'kysely';
import type { ReadDb } from './connection';

/** A batch with stock that has expired or expires within a window: what the Expiry screen and the daily e-mail list. */
export interface ExpiringBatchRow {
  batchId: string;
  productId: string;
  productName: string;
  productNameAr: string | null;
  productSku: string;
  batchNumber: string;
  quantity: number;
  expiryDate: string;
  /** Negative: expired that many days ago. */
  daysToExpiry: number;
  pharmacyId: string;
  pharmacyName: string;
  discountPercentage: string | null;
  /** The day the expiry scan recorded it as expired; null: not recorded (yet). */
  expiredOn: string | null;
  reservedQuantity: number;
  looseUnits: number;
}

/**
 * Batches holding stock that have expired or expire within `days` of
 * `today`, at the given pharmacies (or all), soonest first. The one query
 * behind `GET /api/inventory/expiring` and the daily expiry e-mail.
 */
export async function expiringBatches(
  db: ReadDb,
  options: { pharmacyIds: readonly string[] | 'all'; days: number; today: string },
): Promise<ExpiringBatchRow[]> {
  if (options.pharmacyIds !== 'all' && options.pharmacyIds.length === 0) return [];
  let query = db
    .selectFrom('inventoryBatches as b')
    .innerJoin('products as p', 'p.id', 'b.productId')
    .leftJoin('pharmacies as ph', 'ph.id', 'b.pharmacyId')
    .select([
      'b.id as batchId',
      'b.productId',
      'p.name as productName',
      'p.nameAr as productNameAr',
      'p.sku as productSku',
      'b.batchNumber',
      'b.quantity',
      'b.expiryDate',
      'b.pharmacyId',
      sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
      sql<number>`(b.expiry_date - ${options.today}::date)`.as('daysToExpiry'),
      'b.discountPercentage',
      'b.expiredOn',
      'b.reservedQuantity',
      'b.looseUnits',
    ])
    .where('b.isActive', '=', true)
    .where('b.quantity', '>', 0)
    .where(sql<boolean>`b.expiry_date <= ${options.today}::date + ${options.days}::int`)
    .orderBy('b.expiryDate')
    .orderBy('p.name')
    .orderBy('b.id');
  if (options.pharmacyIds !== 'all') query = query.where('b.pharmacyId', 'in', options.pharmacyIds);
  return (await query.execute()).map((r) => ({ ...r, daysToExpiry: Number(r.daysToExpiry) }));
}
