/** Specification §2: a sale is named by the last 6 characters of its id ("Sale #3f9a2c"). */
export const SALE_NUMBER_LENGTH = 6;

export function saleNumber(id: string): string {
  return id.slice(-SALE_NUMBER_LENGTH);
}
