/**
 * The packs counted in for a batch: a whole number from 0 to what was sent.
 * Anything that is not a number counts as everything having arrived (the default).
 */
export function receivedQuantity(text: string, sent: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return sent;
  return Math.min(Math.max(0, Math.floor(value)), sent);
}

/** Packs sent that did not arrive, over every batch of the transfer. */
export function shortfall(
  sent: readonly { batchId: string; quantity: number }[],
  received: readonly { batchId: string; receivedQuantity: number }[],
): number {
  const arrived = new Map(received.map((item) => [item.batchId, item.receivedQuantity]));
  return sent.reduce((sum, item) => sum + Math.max(0, item.quantity - (arrived.get(item.batchId) ?? item.quantity)), 0);
}
