import { catalogueProjection } from './catalogue/catalogue.projection';
import { countsProjection } from './counts/counts.projection';
import { discrepanciesProjection } from './discrepancies/discrepancies.projection';
import { ledgerProjection } from './ledger/ledger.projection';
import { auditEventsProjection } from './ledger/audit-events.projection';
import { historyProjection } from './history/history.projection';
import { inventoryProjection } from './inventory/inventory.projection';
import { pharmaciesProjection } from './pharmacies/pharmacies.projection';
import { salesProjection } from './sales/sales.projection';
import { shortagesProjection } from './shortages/shortages.projection';
import { transfersProjection } from './transfers/transfers.projection';
import type { Projection } from './runner/projection';

/** Every read model the product maintains. */
export const allProjections: readonly Projection[] = [
  pharmaciesProjection,
  catalogueProjection,
  inventoryProjection,
  // After the three it is worked out from: it reads their tables in the same transaction.
  shortagesProjection,
  salesProjection,
  transfersProjection,
  countsProjection,
  discrepanciesProjection,
  ledgerProjection,
  auditEventsProjection,
  historyProjection,
];

export function findProjections(names: readonly string[]): Projection[] {
  if (names.length === 0) return [...allProjections];
  return names.map((name) => {
    const projection = allProjections.find((p) => p.name === name);
    if (!projection) {
      throw new Error(`Unknown projection "${name}". Known: ${allProjections.map((p) => p.name).join(', ')}`);
    }
    return projection;
  });
}
