import { Inject, Injectable } from '@nestjs/common';
import { readEvent, type SaleCompletedData, stockStreamId } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import type { Principal } from '../common/access/access';
import { nameBasedUuid } from '../common/idempotency';
import { EVENT_STORE } from '../infrastructure/tokens';
import { StockLocator } from '../inventory/stock-locator';

/**
 * The id of a sale's SaleCompleted event, derived from the sale id, so the
 * sale can be read back from the log by it (a return needs the sale as it was
 * recorded; the stock state does not keep every sale).
 */
export function saleEventId(saleId: string): string {
  return nameBasedUuid(`SaleCompleted|${saleId.toLowerCase()}`);
}

/** Sales as their SaleCompleted events recorded them: the write model of a sale, for returns. */
@Injectable()
export class RecordedSales {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly stock: StockLocator,
  ) {}

  /** The sale recorded on this pharmacy's stock stream, or null. */
  async at(pharmacyId: string, saleId: string): Promise<SaleCompletedData | null> {
    const [event] = await this.store.readEventsById(stockStreamId(pharmacyId), [saleEventId(saleId)]);
    return event?.type === 'SaleCompleted' ? readEvent<{ type: string; data: SaleCompletedData }>(event).data : null;
  }

  /** The pharmacy, among those the caller may see, whose stock recorded this sale (not in the read model yet). */
  locate(caller: Principal, saleId: string): Promise<string | null> {
    return this.stock.firstPharmacy(caller, async (pharmacyId) => (await this.at(pharmacyId, saleId)) !== null);
  }
}
