import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import {
  expiringQuerySchema,
  expiringSummaryQuerySchema,
  isPageRequest,
  lowStockQuerySchema,
  scopeQuerySchema,
  shortagesQuerySchema,
  type ExpiringBatch,
  type ExpiringQuery,
  type ExpiringSummary,
  type ExpiringSummaryQuery,
  type LowStockItem,
  type LowStockQuery,
  type ShortageItem,
  type ShortageSummaryCounts,
  type ShortagesQuery,
} from '@pharmacy/contracts';
import { todayIn } from '@pharmacy/domain';
import { expiringBatches, expiringPage, expiringTotals, lowStockPage, lowStockProducts } from '@pharmacy/read-db';
import type { ReadDb } from '@pharmacy/read-db';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { sendPage } from '../common/paging';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { ShortageQueries } from './shortage.queries';

/** A sort as a field and a direction: `-name` is the name, descending. */
function orderOf<K extends string>(sort: string): { key: K; direction: 'asc' | 'desc' } {
  return { key: sort.replace(/^-/, '') as K, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

/**
 * The inventory's long lists of things to act on: batches expiring, products
 * low on stock, shortages per pharmacy. Each answers the specification's
 * plain array without paging parameters, or one page (`limit`, `offset`,
 * `sort`, `q`; the total in `X-Total-Count`); the cards of a screen come from
 * its summary, over every row that matches.
 */
@Controller('api/inventory')
export class InventoryListsHttpController {
  constructor(
    private readonly scope: PharmacyScope,
    private readonly shortageQueries: ShortageQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  private today(): string {
    return todayIn(this.config.TIME_ZONE);
  }

  /** Batches holding units that expired or expire within `days`: all of them, or one page (soonest first by default). */
  @Get('expiring')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async expiring(
    @Query(new ZodValidationPipe(expiringQuerySchema)) query: ExpiringQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ExpiringBatch[]> {
    const pharmacyIds = await this.scope.readable(caller, query.pharmacyId);
    const window = { pharmacyIds, days: query.days, today: this.today() };
    if (!isPageRequest(query) && !query.q) return expiringBatches(this.db, window);
    const { rows, total } = await expiringPage(
      this.db,
      { ...window, text: query.q ?? '' },
      {
        order: orderOf<'expiry' | 'name' | 'quantity' | 'pharmacy'>(query.sort ?? 'expiry'),
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      },
    );
    return sendPage(response, rows, total);
  }

  /** Expiry Management's three cards over every batch the list (with the same `days`, `pharmacyId`, `q`) holds. */
  @Get('expiring/summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async expiringSummary(
    @Query(new ZodValidationPipe(expiringSummaryQuerySchema)) query: ExpiringSummaryQuery,
    @Caller() caller: Principal,
  ): Promise<ExpiringSummary> {
    return expiringTotals(this.db, {
      pharmacyIds: await this.scope.readable(caller, query.pharmacyId),
      days: query.days,
      today: this.today(),
      text: query.q ?? '',
    });
  }

  /** Active products whose packs in scope are at or below their minimum: all (fewest first), or one page. */
  @Get('low-stock')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async lowStock(
    @Query(new ZodValidationPipe(lowStockQuerySchema)) query: LowStockQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LowStockItem[]> {
    const pharmacyIds = await this.scope.readable(caller, query.pharmacyId);
    if (!isPageRequest(query) && !query.q) return lowStockProducts(this.db, { pharmacyIds });
    const { rows, total } = await lowStockPage(
      this.db,
      { pharmacyIds, text: query.q ?? '' },
      {
        order: orderOf<'stock' | 'name' | 'sku'>(query.sort ?? 'stock'),
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      },
    );
    return sendPage(response, rows, total);
  }

  /** Products at or below their minimum at a pharmacy in scope, with the pharmacy that can best spare them. */
  @Get('shortages')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async shortages(
    @Query(new ZodValidationPipe(shortagesQuerySchema)) query: ShortagesQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ShortageItem[]> {
    const filter = {
      scope: await this.scope.readable(caller, query.pharmacyId),
      today: this.today(),
      text: query.q ?? '',
    };
    if (!isPageRequest(query) && !query.q) return this.shortageQueries.all(filter);
    const { items, total } = await this.shortageQueries.page(filter, {
      sort: query.sort ?? '-deficit',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, items, total);
  }

  /** The shortages page's four cards over every shortage matching `pharmacyId` and `q`. */
  @Get('shortages/summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async shortagesSummary(
    @Query(new ZodValidationPipe(scopeQuerySchema)) query: z.output<typeof scopeQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<ShortageSummaryCounts> {
    return this.shortageQueries.summary({
      scope: await this.scope.readable(caller, query.pharmacyId),
      today: this.today(),
      text: query.q ?? '',
    });
  }
}
