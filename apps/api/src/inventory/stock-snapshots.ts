/** The stock streams' snapshot policy lives with their state (libs/domain): the API and the expiry scan share it. */
export { STOCK_SNAPSHOTS } from '@pharmacy/domain';
