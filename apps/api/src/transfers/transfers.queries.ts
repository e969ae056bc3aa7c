import { Inject, Injectable } from '@nestjs/common';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type {
  Transfer,
  TransferDetail,
  TransferItem,
  TransferSort,
  TransferStatusName,
  TransferStep,
  TransferSummary,
} from '@pharmacy/contracts';
import { containsPattern, type ReadDatabase, type ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';
import { inScope, type Scope } from '../catalogue/product.queries';
import { hasTrigrams, preferIndexes } from '../common/index-scans';
import { personName } from '../common/person-name';

/** Reads of `stock_transfers`, `transfer_items` and `transfer_steps`. */
@Injectable()
export class TransferQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  private rows(db: Kysely<ReadDatabase> = this.db) {
    return db
      .selectFrom('stockTransfers as t')
      .leftJoin('pharmacies as f', 'f.id', 't.fromPharmacyId')
      .leftJoin('pharmacies as d', 'd.id', 't.toPharmacyId')
      .leftJoin('users as u', 'u.id', 't.initiatedBy')
      .selectAll('t')
      .select([
        sql<string>`coalesce(f.name, 'Unknown Location')`.as('fromPharmacyName'),
        'f.nameAr as fromPharmacyNameAr',
        sql<string>`coalesce(d.name, 'Unknown Location')`.as('toPharmacyName'),
        'd.nameAr as toPharmacyNameAr',
        personName('u').as('initiatedByName'),
        (eb) =>
          eb
            .selectFrom('transferItems as i')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('i.transferId', '=', 't.id')
            .as('itemCount'),
      ]);
  }

  /** Newest first: transfers from or to a pharmacy in scope. */
  async list(scope: Scope, worksAt: WorksAt): Promise<Transfer[]> {
    let query = this.rows().orderBy('t.createdAt', 'desc').orderBy('t.id').limit(1000);
    if (scope !== 'all') {
      const ids = inScope(scope);
      query = query.where((eb) => eb.or([eb('t.fromPharmacyId', 'in', ids), eb('t.toPharmacyId', 'in', ids)]));
    }
    return (await query.execute()).map((row) => toTransfer(row, worksAt));
  }

  /**
   * One page of the transfers from or to a pharmacy in scope that match `q`
   * (the id, with or without '#'; either pharmacy's name in either language;
   * the notes; ignoring case) and `status`, in `sort` order (newest first
   * within a status; the id breaks ties), and how many match in all.
   */
  async page(
    scope: Scope,
    worksAt: WorksAt,
    options: { q: string; status: TransferStatusName | null; sort: TransferSort; limit: number; offset: number },
  ): Promise<{ transfers: Transfer[]; total: number }> {
    const direction = options.sort.startsWith('-') ? 'desc' : 'asc';
    const wanted = options.q.trim().replace(/^#/, '').toLowerCase();
    const pattern = containsPattern(wanted);
    // The pharmacies whose name matches, first (a few dozen rows): the transfers are then found through the
    // from/to indexes, ORed with the trigram index of the id and notes; a subquery there would scan every transfer.
    const named =
      wanted === ''
        ? []
        : (
            await this.db
              .selectFrom('pharmacies')
              .select('id')
              .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('nameAr', 'ilike', pattern)]))
              .execute()
          ).map((pharmacy) => pharmacy.id);
    const matches = (eb: ExpressionBuilder<TransferTables, 't'>) => {
      const conditions: Expression<SqlBool>[] = [];
      if (scope !== 'all') {
        const ids = inScope(scope);
        conditions.push(eb.or([eb('t.fromPharmacyId', 'in', ids), eb('t.toPharmacyId', 'in', ids)]));
      }
      if (options.status) conditions.push(eb('t.status', '=', options.status));
      if (wanted !== '') {
        conditions.push(
          eb.or([
            // The expression of the trigram index stock_transfers_search_trgm.
            eb(sql`lower(t.id::text || ' ' || coalesce(t.notes, ''))`, 'like', pattern),
            ...(named.length > 0 ? [eb('t.fromPharmacyId', 'in', named), eb('t.toPharmacyId', 'in', named)] : []),
          ]),
        );
      }
      return eb.and(conditions);
    };
    const byStatus = options.sort.replace(/^-/, '') === 'status';
    // By status: in the asked direction, then newest first within each status. By date: in the asked direction.
    const newest = byStatus ? 'desc' : direction;
    const indexed = hasTrigrams(wanted);
    const [page, total] = await Promise.all([
      preferIndexes(this.db, indexed, (db) =>
        this.rows(db)
          // The page's ids are picked from the transfers alone; names and counts are joined to those rows only.
          .where('t.id', 'in', (eb) =>
            eb
              .selectFrom('stockTransfers as t')
              .select('t.id')
              .where((e) => matches(e))
              .$if(byStatus, (query) => query.orderBy(statusRank, direction))
              .orderBy('t.createdAt', newest)
              .orderBy('t.id', newest)
              .limit(options.limit)
              .offset(options.offset),
          )
          .$if(byStatus, (query) => query.orderBy(statusRank, direction))
          .orderBy('t.createdAt', newest)
          .orderBy('t.id', newest)
          .execute(),
      ),
      preferIndexes(this.db, indexed, (db) =>
        db
          .selectFrom('stockTransfers as t')
          .where((eb) => matches(eb))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    ]);
    return { transfers: page.map((row) => toTransfer(row, worksAt)), total: Number(total.n) };
  }

  /** How many transfers from or to a pharmacy in scope are in each status (the tiles count every one, not a page). */
  async summary(scope: Scope): Promise<TransferSummary> {
    let query = this.db
      .selectFrom('stockTransfers as t')
      .select(['t.status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('t.status');
    if (scope !== 'all') {
      const ids = inScope(scope);
      query = query.where((eb) => eb.or([eb('t.fromPharmacyId', 'in', ids), eb('t.toPharmacyId', 'in', ids)]));
    }
    const counts = new Map((await query.execute()).map((row) => [row.status, Number(row.n)]));
    const of = (status: TransferStatusName) => counts.get(status) ?? 0;
    return {
      pending: of('pending'),
      approved: of('approved'),
      completed: of('completed'),
      cancelled: of('cancelled'),
      total: [...counts.values()].reduce((sum, n) => sum + n, 0),
    };
  }

  /** The pharmacies a transfer is between, or null when there is no such transfer (in the read model). */
  async parties(id: string): Promise<{ fromPharmacyId: string; toPharmacyId: string } | null> {
    return (
      (await this.db
        .selectFrom('stockTransfers')
        .select(['fromPharmacyId', 'toPharmacyId'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  async detail(id: string, worksAt: WorksAt): Promise<TransferDetail | null> {
    const row = await this.rows()
      .leftJoin('users as a', 'a.id', 't.approvedBy')
      .leftJoin('users as r', 'r.id', 't.receivedBy')
      .leftJoin('users as c', 'c.id', 't.cancelledBy')
      .select([
        personName('a').as('approvedByName'),
        personName('r').as('receivedByName'),
        personName('c').as('cancelledByName'),
      ])
      .where('t.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const [items, steps] = await Promise.all([
      this.db
        .selectFrom('transferItems as i')
        .leftJoin('products as p', 'p.id', 'i.productId')
        .selectAll('i')
        .select([
          sql<string>`coalesce(p.name, 'Unknown Product')`.as('productName'),
          'p.nameAr as productNameAr',
          sql<string>`coalesce(p.sku, '')`.as('productSku'),
        ])
        .where('i.transferId', '=', id)
        .orderBy('p.name')
        .orderBy('i.expiryDate')
        .execute(),
      this.db
        .selectFrom('transferSteps as s')
        .leftJoin('users as u', 'u.id', 's.userId')
        .selectAll('s')
        .select(personName('u').as('userName'))
        .where('s.transferId', '=', id)
        .orderBy('s.position')
        .orderBy('s.step')
        .execute(),
    ]);
    const transfer = toTransfer(row, worksAt);
    return {
      ...transfer,
      approvedBy: row.approvedByName,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      receivedBy: row.receivedByName,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      cancelledBy: row.cancelledByName,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      discrepancyReason: row.discrepancyReason,
      items: items.map((i): TransferItem => ({
        transferId: i.transferId,
        productId: i.productId,
        productName: i.productName,
        productNameAr: i.productNameAr,
        productSku: i.productSku,
        batchId: i.batchId,
        batchNumber: i.batchNumber,
        expiryDate: i.expiryDate,
        quantity: i.quantity,
        receivedQuantity: i.receivedQuantity,
      })),
      timeline: steps.map((s): TransferStep => ({
        step: s.step,
        at: s.at.toISOString(),
        userId: s.userId,
        userName: s.userName,
        pharmacyId: s.pharmacyId,
        note: s.note,
      })),
    };
  }
}

/** A transfer's place in its life (pending, approved, completed, cancelled), for `sort=status`; unknown ones last. */
const statusRank = sql<number>`case t.status when 'pending' then 0 when 'approved' then 1 when 'completed' then 2 when 'cancelled' then 3 else 4 end`;

/** The read model as the list queries see it: the transfers as `t`. */
type TransferTables = ReadDatabase & { t: ReadDatabase['stockTransfers'] };

/** Whether the caller works at a pharmacy (administrators: every one). */
export type WorksAt = (pharmacyId: string) => boolean;

function toTransfer(
  row: {
    id: string;
    fromPharmacyId: string;
    toPharmacyId: string;
    fromPharmacyName: string;
    fromPharmacyNameAr: string | null;
    toPharmacyName: string;
    toPharmacyNameAr: string | null;
    initiatedBy: string | null;
    initiatedByName: string | null;
    status: string;
    awaitingSource: boolean;
    notes: string | null;
    totalQuantity: number;
    receivedQuantity: number | null;
    itemCount: string | null;
    createdAt: Date;
    updatedAt: Date;
  },
  worksAt: WorksAt,
): Transfer {
  const atSource = worksAt(row.fromPharmacyId);
  const atDestination = worksAt(row.toPharmacyId);
  return {
    id: row.id,
    fromPharmacyId: row.fromPharmacyId,
    toPharmacyId: row.toPharmacyId,
    fromPharmacyName: row.fromPharmacyName,
    fromPharmacyNameAr: row.fromPharmacyNameAr,
    toPharmacyName: row.toPharmacyName,
    toPharmacyNameAr: row.toPharmacyNameAr,
    initiatedBy: row.initiatedBy,
    initiatedByName: row.initiatedByName,
    status: row.status,
    notes: row.notes,
    totalQuantity: row.totalQuantity,
    receivedQuantity: row.receivedQuantity,
    itemCount: Number(row.itemCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Users of the source approve (dispatch; a request from outside it is reserved then), of the destination
    // receive, of either cancel.
    canApprove: row.status === 'pending' && atSource,
    canReceive: row.status === 'approved' && atDestination,
    canCancel: (row.status === 'pending' || row.status === 'approved') && (atSource || atDestination),
    awaitingSourceApproval: row.status === 'pending' && row.awaitingSource,
  };
}
