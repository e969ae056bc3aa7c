// Apart from the page component, so the route's search validation does not pull the page into the main bundle.
export const inventoryTabs = ['overview', 'batches', 'expiry'] as const;
export type InventoryTab = (typeof inventoryTabs)[number];
