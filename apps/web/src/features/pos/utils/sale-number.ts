/** How a sale is named on screens and receipts: the last 8 characters of its id, upper case (specification 001 §9). */
export function saleNumber(id: string): string {
  return id.slice(-8).toUpperCase();
}
