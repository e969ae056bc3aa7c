import type { OfflineCatalogue, SaleDetail } from '@pharmacy/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { withoutSold } from './local-catalogue';
import {
  draftOfflineSale,
  soldFromBatches,
  type OfflineCheckout,
  type OfflineSaleProblem,
  type QueuedSale,
  type QueueError,
} from './offline-sale';
import { nextOfflineNumber, randomTillCode, type TillNumbering } from './till-number';

/** The till's copy of one pharmacy's catalogue, with when this browser received it. */
export interface StoredCatalogue extends OfflineCatalogue {
  /** This browser's clock when the copy arrived (what "updated … ago" counts from). */
  fetchedAt: string;
}

interface TillSchema extends DBSchema {
  catalogues: { key: string; value: StoredCatalogue };
  numbering: { key: 'till'; value: TillNumbering };
  sales: { key: number; value: QueuedSale };
}

export const TILL_DB_NAME = 'pharmacy-till';
const TILL_DB_VERSION = 1;
/** Sent sales stay listed this long, so their receipts can be found; then the store forgets them. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export type RecordSaleResult = { ok: true; sale: QueuedSale } | { ok: false; problem: OfflineSaleProblem };

/**
 * The till's IndexedDB: each pharmacy's copy of the catalogue, the till's
 * numbering, and the offline sales in the order they were made. A sale is
 * written with its idempotency key, its number and the stock it took in one
 * transaction, so none of the three can be kept without the others; nothing
 * here deletes a sale the server has not recorded except `discard`, which
 * only the user's confirmed choice calls.
 */
export class TillStore {
  private constructor(
    private readonly db: IDBPDatabase<TillSchema>,
    private readonly newTillCode: () => string,
  ) {}

  static async open({
    name = TILL_DB_NAME,
    newTillCode = randomTillCode,
  }: { name?: string; newTillCode?: () => string } = {}): Promise<TillStore> {
    const db = await openDB<TillSchema>(name, TILL_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('catalogues', { keyPath: 'pharmacyId' });
        database.createObjectStore('numbering');
        database.createObjectStore('sales', { keyPath: 'seq', autoIncrement: true });
      },
      // A newer version of the app (another tab) needs the store upgraded: this page lets go of it.
      blocking() {
        db.close();
      },
    });
    return new TillStore(db, newTillCode);
  }

  close(): void {
    this.db.close();
  }

  catalogue(pharmacyId: string): Promise<StoredCatalogue | undefined> {
    return this.db.get('catalogues', pharmacyId);
  }

  /**
   * Keeps a fresh copy from the server, less what it cannot count yet: the
   * offline sales not recorded, and those recorded after the copy was asked
   * for (`requestedAt`, this browser's clock), which it may or may not count.
   */
  async saveCatalogue(fresh: OfflineCatalogue, { requestedAt, fetchedAt }: { requestedAt: Date; fetchedAt: Date }) {
    const tx = this.db.transaction(['catalogues', 'sales'], 'readwrite');
    const sales = await tx.objectStore('sales').getAll();
    const uncounted = sales.filter(
      (sale) =>
        sale.pharmacyId === fresh.pharmacyId &&
        (sale.status !== 'sent' || (sale.sentAt !== null && Date.parse(sale.sentAt) >= requestedAt.getTime())),
    );
    const stored: StoredCatalogue = {
      ...fresh,
      batches: withoutSold(fresh.batches, uncounted.flatMap(soldFromBatches)),
      fetchedAt: fetchedAt.toISOString(),
    };
    await tx.objectStore('catalogues').put(stored);
    await tx.done;
    return stored;
  }

  /**
   * Makes an offline sale from the pharmacy's copy: its number, its stored
   * request and receipt, and the stock it takes from the copy, together; or
   * nothing at all when the copy cannot sell it.
   */
  async recordSale(checkout: OfflineCheckout): Promise<RecordSaleResult> {
    const tx = this.db.transaction(['catalogues', 'numbering', 'sales'], 'readwrite');
    const catalogue = await tx.objectStore('catalogues').get(checkout.pharmacy.id);
    if (!catalogue) {
      tx.abort();
      await tx.done.catch(() => undefined);
      return { ok: false, problem: { code: 'NO_COPY' } };
    }
    const numbering = await tx.objectStore('numbering').get('till');
    const next = nextOfflineNumber(numbering, this.newTillCode);
    const draft = draftOfflineSale(catalogue, checkout, next.offlineNumber);
    if (!draft.ok) {
      tx.abort();
      await tx.done.catch(() => undefined);
      return draft;
    }
    await tx.objectStore('numbering').put(next.numbering, 'till');
    await tx.objectStore('catalogues').put({ ...catalogue, batches: draft.batches });
    // The store assigns `seq` (autoIncrement): the value goes in without it.
    const seq = await tx.objectStore('sales').add(draft.sale as QueuedSale);
    await tx.done;
    return { ok: true, sale: { ...draft.sale, seq } };
  }

  /** Every sale in the queue, oldest first. */
  sales(): Promise<QueuedSale[]> {
    return this.db.getAll('sales');
  }

  sale(seq: number): Promise<QueuedSale | undefined> {
    return this.db.get('sales', seq);
  }

  /**
   * Takes a sale for an attempt: null when it is no longer to be sent (the
   * user discarded it, or it was refused or recorded meanwhile). A sale left
   * "sending" by an attempt that was cut short is taken again.
   */
  async claim(seq: number, at: Date): Promise<QueuedSale | null> {
    const tx = this.db.transaction('sales', 'readwrite');
    const sale = await tx.store.get(seq);
    if (!sale || (sale.status !== 'waiting' && sale.status !== 'sending')) {
      await tx.done;
      return null;
    }
    const claimed: QueuedSale = {
      ...sale,
      status: 'sending',
      attempts: sale.attempts + 1,
      lastAttemptAt: at.toISOString(),
    };
    await tx.store.put(claimed);
    await tx.done;
    return claimed;
  }

  markSent(seq: number, recorded: SaleDetail | null, at: Date): Promise<QueuedSale> {
    return this.change(seq, (sale) => ({
      ...sale,
      status: 'sent',
      lastError: null,
      sentAt: at.toISOString(),
      saleId: recorded?.id ?? null,
    }));
  }

  /** The server refused it for good: it stays, marked, until the user retries or discards it. */
  markFailed(seq: number, error: QueueError): Promise<QueuedSale> {
    return this.change(seq, (sale) => ({ ...sale, status: 'failed', lastError: error }));
  }

  /** It could not be sent this time (no network, the server busy): it waits for the next pass. */
  markWaiting(seq: number, error: QueueError | null): Promise<QueuedSale> {
    return this.change(seq, (sale) => ({ ...sale, status: 'waiting', lastError: error ?? sale.lastError }));
  }

  /** The user asks for a refused sale to be sent again, under its own key. */
  retry(seq: number): Promise<QueuedSale> {
    return this.change(seq, (sale) => (sale.status === 'failed' ? { ...sale, status: 'waiting' } : sale));
  }

  /**
   * Removes a sale the server has not recorded, on the user's confirmed choice
   * only. Not while it is being sent: false then, and it stays.
   */
  async discard(seq: number): Promise<boolean> {
    const tx = this.db.transaction('sales', 'readwrite');
    const sale = await tx.store.get(seq);
    if (!sale || (sale.status !== 'failed' && sale.status !== 'waiting')) {
      await tx.done;
      return false;
    }
    await tx.store.delete(seq);
    await tx.done;
    return true;
  }

  /** Forgets sales the server recorded before `before`; never one it has not. */
  async forgetSentBefore(before: Date): Promise<number> {
    const tx = this.db.transaction('sales', 'readwrite');
    let forgotten = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      const { status, sentAt } = cursor.value;
      if (status === 'sent' && sentAt !== null && Date.parse(sentAt) < before.getTime()) {
        await cursor.delete();
        forgotten += 1;
      }
    }
    await tx.done;
    return forgotten;
  }

  private async change(seq: number, update: (sale: QueuedSale) => QueuedSale): Promise<QueuedSale> {
    const tx = this.db.transaction('sales', 'readwrite');
    const sale = await tx.store.get(seq);
    if (!sale) throw new Error(`No offline sale ${seq}`);
    const changed = update(sale);
    await tx.store.put(changed);
    await tx.done;
    return changed;
  }
}
