import type { Transfer } from '@pharmacy/contracts';

/** Specification 001 §9: a transfer is shown as '#' and the last 8 characters of its id. */
export function transferNumber(id: string): string {
  return `#${id.slice(-8).toUpperCase()}`;
}

/**
 * Specification 001 §2: the search matches the id (as shown, with or without
 * '#'), either pharmacy's name (in either language) and the notes, ignoring case.
 */
export function filterTransfers(transfers: readonly Transfer[], query: string): Transfer[] {
  const wanted = query.trim().toLowerCase().replace(/^#/, '');
  if (!wanted) return [...transfers];
  return transfers.filter((transfer) =>
    [
      transfer.id,
      transfer.fromPharmacyName,
      transfer.fromPharmacyNameAr,
      transfer.toPharmacyName,
      transfer.toPharmacyNameAr,
      transfer.notes,
    ].some((text) => text?.toLowerCase().includes(wanted)),
  );
}

export interface TransferCounts {
  pending: number;
  completed: number;
  /** Approved: dispatched and on the way (specification 001 §4, "In Progress"). */
  inProgress: number;
  total: number;
}

export function transferCounts(transfers: readonly Transfer[]): TransferCounts {
  const count = (status: string) => transfers.filter((transfer) => transfer.status === status).length;
  return {
    pending: count('pending'),
    completed: count('completed'),
    inProgress: count('approved'),
    total: transfers.length,
  };
}
