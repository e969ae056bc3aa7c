import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { AuditEventPage, PeriodReport, StockCard, StockOnHand } from '@pharmacy/contracts';
import { readEvent, stockDecider, stockStreamId, type StockEvent } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { personName } from '../common/person-name';
import { eventFacts, eventTypeInWords, type Language, type Names } from './event-facts';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';

const REPLAY_PAGE = 5000;

/**
 * Each batch's packs and loose units at a pharmacy as of an instant (business
 * time), as a query: whole months from the monthly roll-up, then the
 * movements of the instant's own month up to it. Batches holding nothing are
 * left out.
 */
function balancesAt(pharmacyId: string, at: Date) {
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return sql`
    SELECT batch_id, product_id, sum(quantity_change) AS quantity, sum(loose_change) AS loose
      FROM (
        SELECT batch_id, product_id, quantity_change, loose_change FROM stock_ledger_months
         WHERE pharmacy_id = ${pharmacyId} AND month < ${monthStart.toISOString().slice(0, 10)}::date
        UNION ALL
        SELECT batch_id, product_id, quantity_change, loose_change FROM stock_ledger
         WHERE pharmacy_id = ${pharmacyId} AND occurred_at >= ${monthStart} AND occurred_at <= ${at}
      ) moves
     GROUP BY batch_id, product_id
    HAVING sum(quantity_change) <> 0 OR sum(loose_change) <> 0`;
}

/**
 * Stock as of any instant and the stock card, from the stock ledger (fast);
 * stock as of an instant also by replaying the pharmacy's stream up to it
 * (proof). An instant is business time: a fact recorded late with an earlier
 * effective time counts from when it happened, so a balance is the sum of the
 * movements that happened by then, whatever order they were written in.
 */
@Injectable()
export class AuditService {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async stockOnHand(pharmacyId: string, asOf: Date, verify: boolean): Promise<StockOnHand> {
    const { rows } = await sql<{
      batchId: string;
      productId: string;
      productName: string;
      productNameAr: string | null;
      productSku: string;
      batchNumber: string;
      expiryDate: string;
      quantity: string;
      looseUnits: string;
    }>`
      WITH held AS (${balancesAt(pharmacyId, asOf)})
      SELECT h.batch_id, h.product_id,
             coalesce(p.name, 'Unknown Product') AS product_name, p.name_ar AS product_name_ar,
             coalesce(p.sku, '') AS product_sku, coalesce(b.batch_number, '') AS batch_number,
             coalesce(b.expiry_date::text, '') AS expiry_date,
             h.quantity::text AS quantity, h.loose::text AS loose_units
        FROM held h
        LEFT JOIN inventory_batches b ON b.id = h.batch_id
        LEFT JOIN products p ON p.id = h.product_id`.execute(this.db);
    const batches = rows
      .map((r) => ({ ...r, quantity: Number(r.quantity), looseUnits: Number(r.looseUnits) }))
      .filter((b) => b.quantity !== 0 || b.looseUnits !== 0)
      .sort((a, b) => a.productName.localeCompare(b.productName) || a.expiryDate.localeCompare(b.expiryDate));
    const products = new Map<string, StockOnHand['products'][number]>();
    for (const b of batches) {
      const entry = products.get(b.productId) ?? {
        productId: b.productId,
        productName: b.productName,
        productNameAr: b.productNameAr,
        productSku: b.productSku,
        quantity: 0,
        looseUnits: 0,
      };
      entry.quantity += b.quantity;
      entry.looseUnits += b.looseUnits;
      products.set(b.productId, entry);
    }
    return {
      pharmacyId,
      asOf: asOf.toISOString(),
      batches,
      products: [...products.values()],
      verification: verify ? await this.verify(pharmacyId, asOf, batches) : null,
    };
  }

  /** Folds the pharmacy's stream, taking the events that had happened by `asOf`, and compares. */
  private async verify(
    pharmacyId: string,
    asOf: Date,
    ledger: ReadonlyArray<{ batchId: string; quantity: number; looseUnits: number }>,
  ): Promise<NonNullable<StockOnHand['verification']>> {
    let state = stockDecider.initialState();
    let replayed = 0;
    for (let from = 0n; ;) {
      const page = await this.store.readStream(stockStreamId(pharmacyId), {
        fromRevision: from,
        maxCount: REPLAY_PAGE,
      });
      for (const event of page) {
        if (new Date(event.metadata.occurredAt) > asOf) continue;
        state = stockDecider.evolve(state, readEvent<StockEvent>(event));
        replayed += 1;
      }
      if (page.length < REPLAY_PAGE) break;
      from = page.at(-1)!.revision + 1n;
    }
    const byLedger = new Map(ledger.map((b) => [b.batchId, b]));
    const ids = new Set([...byLedger.keys(), ...Object.keys(state.batches)]);
    const differences = [...ids].flatMap((batchId) => {
      const fromLedger = byLedger.get(batchId);
      const replay = state.batches[batchId];
      const l = { quantity: fromLedger?.quantity ?? 0, loose: fromLedger?.looseUnits ?? 0 };
      const r = { quantity: replay?.quantity ?? 0, loose: replay?.looseUnits ?? 0 };
      return l.quantity === r.quantity && l.loose === r.loose
        ? []
        : [{ batchId, ledger: l.quantity, replay: r.quantity, ledgerLoose: l.loose, replayLoose: r.loose }];
    });
    return { matches: differences.length === 0, eventsReplayed: replayed, differences };
  }

  /**
   * A pharmacy's stock over a period (business time): per batch the packs held
   * at `from`, the period's movements summed by kind, and the packs held at
   * `to`; per product and for the whole pharmacy the same, summed. Batches
   * that held nothing and moved nothing are left out.
   */
  async periodReport(pharmacyId: string, from: Date, to: Date): Promise<PeriodReport> {
    const [opening, moves] = await Promise.all([
      sql<{ batchId: string; productId: string; quantity: string }>`
        WITH held AS (${balancesAt(pharmacyId, new Date(from.getTime() - 1))})
        SELECT batch_id, product_id, quantity::text AS quantity FROM held`.execute(this.db),
      this.db
        .selectFrom('stockLedger as l')
        .select(['l.batchId', 'l.productId', 'l.movement', sql<string>`sum(l.quantity_change)`.as('packs')])
        .where('l.pharmacyId', '=', pharmacyId)
        .where('l.occurredAt', '>=', from)
        .where('l.occurredAt', '<=', to)
        .where('l.quantityChange', '<>', 0)
        .groupBy(['l.batchId', 'l.productId', 'l.movement'])
        .execute(),
    ]);
    // Every batch held at the start or moved in the period, with its names.
    const balances = new Map<string, { batchId: string; productId: string; opening: number; closing: number }>();
    for (const row of opening.rows) {
      const held = Number(row.quantity);
      balances.set(row.batchId, { batchId: row.batchId, productId: row.productId, opening: held, closing: held });
    }
    for (const move of moves) {
      const entry = balances.get(move.batchId) ?? {
        batchId: move.batchId,
        productId: move.productId,
        opening: 0,
        closing: 0,
      };
      entry.closing += Number(move.packs);
      balances.set(move.batchId, entry);
    }
    const ids = [...balances.keys()];
    const names = ids.length
      ? await this.db
          .selectFrom('inventoryBatches as b')
          .innerJoin('products as p', 'p.id', 'b.productId')
          .select([
            'b.id',
            'p.name as productName',
            'p.nameAr as productNameAr',
            'p.sku as productSku',
            'b.batchNumber',
            sql<string>`b.expiry_date::text`.as('expiryDate'),
          ])
          .where('b.id', 'in', ids)
          .execute()
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n]));
    const movementsOf = new Map<string, Record<string, number>>();
    for (const move of moves) {
      const entry = movementsOf.get(move.batchId) ?? {};
      entry[move.movement] = Number(move.packs);
      movementsOf.set(move.batchId, entry);
    }
    const add = (into: Record<string, number>, more: Record<string, number>) => {
      for (const [kind, packs] of Object.entries(more)) into[kind] = (into[kind] ?? 0) + packs;
    };
    const products = new Map<string, PeriodReport['products'][number]>();
    const totals: PeriodReport['totals'] = { opening: 0, closing: 0, movements: {} };
    const named = [...balances.values()].map((b) => {
      const n = nameOf.get(b.batchId);
      return {
        ...b,
        productName: n?.productName ?? 'Unknown Product',
        productNameAr: n?.productNameAr ?? null,
        productSku: n?.productSku ?? '',
        batchNumber: n?.batchNumber ?? '',
        expiryDate: n?.expiryDate ?? '',
      };
    });
    const sorted = named.sort(
      (a, b) =>
        a.productName.localeCompare(b.productName) ||
        a.productId.localeCompare(b.productId) ||
        a.expiryDate.localeCompare(b.expiryDate) ||
        a.batchNumber.localeCompare(b.batchNumber),
    );
    for (const row of sorted) {
      const { opening, closing } = row;
      const movements = movementsOf.get(row.batchId) ?? {};
      if (opening === 0 && closing === 0 && Object.keys(movements).length === 0) continue;
      const product = products.get(row.productId) ?? {
        productId: row.productId,
        productName: row.productName,
        productNameAr: row.productNameAr,
        productSku: row.productSku,
        opening: 0,
        closing: 0,
        movements: {},
        batches: [],
      };
      product.batches.push({
        batchId: row.batchId,
        batchNumber: row.batchNumber,
        expiryDate: row.expiryDate,
        opening,
        closing,
        movements,
      });
      product.opening += opening;
      product.closing += closing;
      add(product.movements, movements);
      products.set(row.productId, product);
      totals.opening += opening;
      totals.closing += closing;
      add(totals.movements, movements);
    }
    return { pharmacyId, from: from.toISOString(), to: to.toISOString(), products: [...products.values()], totals };
  }

  async stockCard(subject: {
    batchId: string | null;
    productId: string | null;
    pharmacyId: string | null;
    from: Date | null;
    to: Date | null;
  }): Promise<StockCard> {
    let base = this.db.selectFrom('stockLedger as l');
    base = subject.batchId
      ? base.where('l.batchId', '=', subject.batchId)
      : base.where('l.productId', '=', subject.productId!).where('l.pharmacyId', '=', subject.pharmacyId!);
    const opening = subject.from
      ? Number(
          (
            await base
              .select(sql<string>`coalesce(sum(l.quantity_change), 0)`.as('n'))
              .where('l.occurredAt', '<', subject.from)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    let movements = base
      .leftJoin('inventoryBatches as b', 'b.id', 'l.batchId')
      .leftJoin('users as u', 'u.id', 'l.userId')
      .selectAll('l')
      .select([sql<string>`coalesce(b.batch_number, '')`.as('batchNumber'), personName('u').as('userName')])
      .orderBy('l.occurredAt')
      .orderBy('l.position')
      .orderBy('l.seq')
      .limit(5000);
    if (subject.from) movements = movements.where('l.occurredAt', '>=', subject.from);
    if (subject.to) movements = movements.where('l.occurredAt', '<=', subject.to);
    let balance = opening;
    const rows = (await movements.execute()).map((row) => {
      balance += row.quantityChange;
      return {
        position: String(row.position),
        seq: row.seq,
        batchId: row.batchId,
        batchNumber: row.batchNumber,
        movement: row.movement,
        quantityChange: row.quantityChange,
        looseChange: row.looseChange,
        reservedChange: row.reservedChange,
        balance,
        occurredAt: row.occurredAt.toISOString(),
        recordedAt: row.recordedAt.toISOString(),
        userName: row.userName,
        eventId: row.eventId,
        eventType: row.eventType,
        reference: row.reference,
      };
    });
    return {
      from: subject.from?.toISOString() ?? null,
      to: subject.to?.toISOString() ?? null,
      opening,
      closing: balance,
      movements: rows,
    };
  }

  async events(filter: {
    pharmacyId: string | null;
    productId: string | null;
    batchId: string | null;
    userId: string | null;
    type?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    cursor?: string | undefined;
    limit: number;
    language: Language;
  }): Promise<AuditEventPage> {
    const byPeriod = await this.periodIsNarrower(filter.from, filter.to);
    let query = this.db
      .selectFrom('auditEvents as e')
      .leftJoin('users as u', 'u.id', 'e.userId')
      .selectAll('e')
      .select(personName('u').as('userName'))
      // The same order either way; `+ 0` only keeps PostgreSQL from walking the log back to the period.
      .orderBy(byPeriod ? sql`e.position + 0` : sql`e.position`, 'desc')
      .limit(filter.limit + 1);
    if (filter.pharmacyId) query = query.where('e.pharmacyId', '=', filter.pharmacyId);
    if (filter.productId) query = query.where(sql<boolean>`e.product_ids @> ARRAY[${filter.productId}]::uuid[]`);
    if (filter.batchId) query = query.where(sql<boolean>`e.batch_ids @> ARRAY[${filter.batchId}]::uuid[]`);
    if (filter.userId) query = query.where('e.userId', '=', filter.userId);
    if (filter.type) query = query.where('e.eventType', '=', filter.type);
    if (filter.from) query = query.where('e.occurredAt', '>=', new Date(filter.from));
    if (filter.to) query = query.where('e.occurredAt', '<=', new Date(filter.to));
    if (filter.cursor) query = query.where('e.position', '<', filter.cursor);
    const rows = await query.execute();
    const page = rows.slice(0, filter.limit);
    const names = await this.namesFor(page.map((row) => row.data));
    return {
      events: page.map((row) => ({
        position: String(row.position),
        eventId: row.eventId,
        type: row.eventType,
        streamId: row.streamId,
        occurredAt: row.occurredAt.toISOString(),
        recordedAt: row.recordedAt.toISOString(),
        userId: row.userId,
        userName: row.userName,
        pharmacyId: row.pharmacyId,
        description: eventTypeInWords(row.eventType),
        facts: eventFacts(row.eventType, row.data, names(filter.language)),
        data: row.data,
      })),
      nextCursor: rows.length > filter.limit ? String(page.at(-1)!.position) : null,
    };
  }

  /**
   * Whether a page of a period ending at `to` is found faster from the period
   * (`audit_events_occurred_idx`: every event of the period, read from the
   * index alone, the newest positions kept) than by walking the log back
   * from its newest event until enough of them fall in the period. Business
   * time follows the log's order closely (only backdated events stray), so
   * the positions where the period starts and ends, found with one index
   * probe each, say how many events each way would read.
   */
  private async periodIsNarrower(from: string | undefined, to: string | undefined): Promise<boolean> {
    if (!to) return false;
    const firstAfter = (instant: string) =>
      this.db
        .selectFrom('auditEvents')
        .select('position')
        .where('occurredAt', '>', new Date(instant))
        .orderBy('occurredAt')
        .limit(1)
        .executeTakeFirst();
    const firstFrom = from
      ? this.db
          .selectFrom('auditEvents')
          .select('position')
          .where('occurredAt', '>=', new Date(from))
          .orderBy('occurredAt')
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve({ position: '0' });
    const [start, end, newest] = await Promise.all([
      firstFrom,
      firstAfter(to),
      this.db.selectFrom('auditEvents').select('position').orderBy('position', 'desc').limit(1).executeTakeFirst(),
    ]);
    // Nothing happened after the period: its newest events are the log's newest.
    if (!end || !newest) return false;
    const inPeriod = Number(end.position) - Number(start?.position ?? end.position);
    const afterPeriod = Number(newest.position) - Number(end.position);
    return inPeriod < afterPeriod;
  }

  /** Product, batch and pharmacy names for the ids a page of events mentions. */
  private async namesFor(datas: ReadonlyArray<Record<string, unknown>>) {
    const ids = (key: string) => [
      ...new Set(datas.flatMap((d) => [d[key]]).filter((v): v is string => typeof v === 'string')),
    ];
    const productIds = ids('productId');
    const batchIds = ids('batchId');
    const pharmacyIds = [...new Set([...ids('pharmacyId'), ...ids('fromPharmacyId'), ...ids('toPharmacyId')])];
    const [products, batches, pharmacies] = await Promise.all([
      productIds.length
        ? this.db.selectFrom('products').select(['id', 'name', 'nameAr']).where('id', 'in', productIds).execute()
        : [],
      batchIds.length
        ? this.db.selectFrom('inventoryBatches').select(['id', 'batchNumber']).where('id', 'in', batchIds).execute()
        : [],
      pharmacyIds.length
        ? this.db.selectFrom('pharmacies').select(['id', 'name', 'nameAr']).where('id', 'in', pharmacyIds).execute()
        : [],
    ]);
    // Arabic names where there are any; an unknown product or pharmacy is left to the message to word.
    const named = (row: { name: string; nameAr: string | null } | undefined, language: Language) =>
      row && ((language === 'ar' && row.nameAr) || row.name);
    return (language: Language): Names => ({
      product: (id: unknown) =>
        named(
          products.find((row) => row.id === id),
          language,
        ),
      batch: (id: unknown) => batches.find((row) => row.id === id)?.batchNumber ?? String(id).slice(-8),
      pharmacy: (id: unknown) =>
        named(
          pharmacies.find((row) => row.id === id),
          language,
        ),
    });
  }
}
