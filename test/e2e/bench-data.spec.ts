import { describe, expect, it } from '@jest/globals';
import { parseEventData, stockDecider, type StockEvent } from '@pharmacy/domain';
import { generate, type GeneratedEvent } from '../../bench/data/generate.mjs';

/** The chain data set of `npm run bench:data` (issue 13), at a small scale: the events the product would write. */
describe('the benchmark chain data set', () => {
  const streams = new Map<string, GeneratedEvent[]>();
  for (const [streamId, events] of generate({ seed: 7, scale: 0.01, until: Date.UTC(2026, 10, 1) })) {
    streams.set(streamId, [...(streams.get(streamId) ?? []), ...events]);
  }
  const all = [...streams.values()].flat();

  it('is the same every time for a seed', () => {
    const again = [...generate({ seed: 7, scale: 0.01, until: Date.UTC(2026, 10, 1) })]
      .flatMap(([, events]) => events)
      .map((e) => e.id);
    expect(again).toEqual(all.map((e) => e.id));
  });

  it('has only events the catalogue accepts, with unique ids', () => {
    for (const event of all) expect(() => parseEventData(event.type, event.data)).not.toThrow();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.filter((e) => e.type === 'SaleCompleted').length).toBeGreaterThan(500);
  });

  it('keeps every pharmacy’s stock possible: in business-time order, never below zero, nothing sold after it expired', () => {
    for (const [streamId, events] of streams) {
      if (!streamId.startsWith('stock-')) continue;
      const times = events.map((e) => e.metadata.occurredAt);
      expect(times).toEqual([...times].sort());
      let state = stockDecider.initialState();
      for (const event of events) {
        if (event.type === 'SaleCompleted') {
          const sale = event.data as {
            soldOn: string;
            lines: Array<{ allocations: Array<{ batchId: string; quantity: number }> }>;
          };
          for (const allocation of sale.lines.flatMap((l) => l.allocations)) {
            const batch = state.batches[allocation.batchId];
            expect(batch).toBeDefined();
            expect(batch!.quantity).toBeGreaterThanOrEqual(allocation.quantity);
            expect(batch!.expiryDate >= sale.soldOn).toBe(true);
          }
        }
        state = stockDecider.evolve(state, event as unknown as StockEvent);
      }
      for (const batch of Object.values(state.batches)) expect(batch.quantity).toBeGreaterThanOrEqual(0);
    }
  });
});
