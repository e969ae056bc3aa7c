// Specification §9, "Dashboard": the sizes and thresholds the widgets use.

/** Recent sales: the newest this many. */
export const RECENT_SALES_LIMIT = 5;
/** FEFO recommendations: the first this many (the server sends them earliest expiry first). */
export const FEFO_ITEMS_SHOWN = 5;
/** Inventory overview: rows per page. */
export const TABLE_PAGE_SIZE = 10;
/** A product without a minimum stock level is low at this many units or fewer. */
export const DEFAULT_MIN_STOCK_LEVEL = 10;
/** FEFO: expiring in this many days or fewer is Critical ... */
export const FEFO_CRITICAL_DAYS = 7;
/** ... and in this many or fewer (but more than the above) High Priority; later ones are Medium. */
export const FEFO_HIGH_DAYS = 14;
/** The expiry alert counts batches expiring within this many days (one of the server's 7/14/30/60/90). */
export const EXPIRY_ALERT_DAYS = 30;
/** The overview's search asks the server once typing pauses this long, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The discrepancy alert reads at most this many open discrepancies to count them; beyond, it says "100+". */
export const DISCREPANCY_ALERT_LIMIT = 100;
