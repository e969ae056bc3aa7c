import type { Migration } from 'kysely';
import * as m1763700000000 from './1763700000000-CreateCheckpointsAndPharmacies';
import * as m1763800000000 from './1763800000000-CreateIdentity';
import * as m1763900000000 from './1763900000000-CreateCatalogueAndStock';
import * as m1764000000000 from './1764000000000-VersionsAndScopedHistory';
import * as m1764100000000 from './1764100000000-Sales';
import * as m1764200000000 from './1764200000000-Transfers';
import * as m1764300000000 from './1764300000000-Discounts';
import * as m1764400000000 from './1764400000000-Expiries';
import * as m1764500000000 from './1764500000000-StockLedger';
import * as m1764600000000 from './1764600000000-ShelfLocations';
import * as m1764700000000 from './1764700000000-Reports';
import * as m1764800000000 from './1764800000000-Rollups';
import * as m1764910000000 from './1764910000000-ListPagingIndexes';
import * as m1764925000000 from './1764925000000-InventoryPages';
import * as m1764937000000 from './1764937000000-SalesAndAuditPaging';
import * as m1765000000000 from './1765000000000-OfflineSales';
import * as m1765100000000 from './1765100000000-HistoryReadsAuditData';
import * as m1765200000000 from './1765200000000-StockTotals';
import * as m1765300000000 from './1765300000000-ShortageCache';
import * as m1765400000000 from './1765400000000-ProductSalesMonths';
import * as m1765500000000 from './1765500000000-SignInDecoys';
import * as m1765600000000 from './1765600000000-TransferRequests';
import * as m1765700000000 from './1765700000000-ProjectionsOwnTheirTables';
import * as m1765800000000 from './1765800000000-FoldForSearch';
import * as m1765900000000 from './1765900000000-IdentityNotifications';

/** Every read-side migration, in order. Names are `<epoch ms>-<Name>`; never rename one that has shipped. */
export const readDbMigrations: Record<string, Migration> = {
  '1763700000000-CreateCheckpointsAndPharmacies': m1763700000000,
  '1763800000000-CreateIdentity': m1763800000000,
  '1763900000000-CreateCatalogueAndStock': m1763900000000,
  '1764000000000-VersionsAndScopedHistory': m1764000000000,
  '1764100000000-Sales': m1764100000000,
  '1764200000000-Transfers': m1764200000000,
  '1764300000000-Discounts': m1764300000000,
  '1764400000000-Expiries': m1764400000000,
  '1764500000000-StockLedger': m1764500000000,
  '1764600000000-ShelfLocations': m1764600000000,
  '1764700000000-Reports': m1764700000000,
  '1764800000000-Rollups': m1764800000000,
  '1764910000000-ListPagingIndexes': m1764910000000,
  '1764925000000-InventoryPages': m1764925000000,
  '1764937000000-SalesAndAuditPaging': m1764937000000,
  '1765000000000-OfflineSales': m1765000000000,
  '1765100000000-HistoryReadsAuditData': m1765100000000,
  '1765200000000-StockTotals': m1765200000000,
  '1765300000000-ShortageCache': m1765300000000,
  '1765400000000-ProductSalesMonths': m1765400000000,
  '1765500000000-SignInDecoys': m1765500000000,
  '1765600000000-TransferRequests': m1765600000000,
  '1765700000000-ProjectionsOwnTheirTables': m1765700000000,
  '1765800000000-FoldForSearch': m1765800000000,
  '1765900000000-IdentityNotifications': m1765900000000,
};
