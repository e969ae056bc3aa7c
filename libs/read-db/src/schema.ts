import type { DB } from './schema.generated';

/**
 * The read database's tables as kysely sees them (camelCase; the CamelCasePlugin maps to
 * snake_case). Generated from the migrated tables into schema.generated.ts by `npm run db:types`
 * (configured in libs/read-db/kysely-codegen.config.cjs); `npm run check` fails when it is stale.
 */
export type ReadDatabase = DB;

/** Rows of single tables, by the names the code uses (with kysely's Selectable/Insertable). */
export type CategoriesTable = DB['categories'];
export type CommissionLinesTable = DB['commissionLines'];
export type InventoryBatchesTable = DB['inventoryBatches'];
export type PharmaciesTable = DB['pharmacies'];
export type SaleItemsTable = DB['saleItems'];
export type SaleLinesTable = DB['saleLines'];
export type SalesTable = DB['sales'];
export type StockLedgerTable = DB['stockLedger'];
export type SuppliersTable = DB['suppliers'];
export type UsersTable = DB['users'];
