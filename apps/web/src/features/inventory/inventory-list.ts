import { inventorySorts, type InventorySort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, idParam, pageParam, textParam } from '../../lib/list-search';
import { inventoryTabs } from './inventory-tabs';
import { trackingStatuses } from './utils/batch-status';

// Apart from the page component, so the route's search validation does not pull the page into the main bundle.

/**
 * `/inventory?tab=&q=&page=&sort=&pharmacy=&status=`: the open tab and its list as
 * they were, after a reload or from a shared link. The tabs share the parameters;
 * changing tab starts the other list afresh.
 */
export const inventorySearch = z.object({
  tab: choiceParam(inventoryTabs),
  page: pageParam,
  q: textParam,
  /** Batch Management's order. */
  sort: choiceParam(inventorySorts),
  /** Expiry Tracking's location and status. */
  pharmacy: idParam,
  status: choiceParam(trackingStatuses),
});

/** Batch Management: most urgent first (by status, then the earliest expiry, which is by expiry date). */
export const batchListDefaults: { sort: InventorySort } = { sort: 'expiry' };
