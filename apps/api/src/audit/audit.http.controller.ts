import { Controller, Get, Headers, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  auditEventsQuerySchema,
  periodReportQuerySchema,
  type PeriodReport,
  type VerificationRun,
  stockCardQuerySchema,
  stockOnHandQuerySchema,
  type AuditEventPage,
  type StockCard,
  type StockOnHand,
} from '@pharmacy/contracts';
import type { z } from 'zod';
import { DomainError } from '@pharmacy/domain';
import { lastVerification, runVerification, VerificationRunningError } from '@pharmacy/jobs';
import { AdminOnly, type Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { Caller } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { AuditService } from './audit.service';

const AUDITORS_ONLY = 'Only administrators and auditors can see the audit trail.';

/**
 * The audit trail: every event in plain words, stock as of any instant (proven
 * against a replay on request), stock cards, period reports, and the check that
 * the read models equal a replay of the log. Administrators and auditors read
 * it; auditors change nothing.
 */
@Controller('api/audit')
@AdminOnly(AUDITORS_ONLY)
export class AuditHttpController {
  constructor(
    private readonly audit: AuditService,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Opening stock, the period's movements by kind, closing stock: per product and batch. */
  @Get('period-report')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  periodReport(
    @Query(new ZodValidationPipe(periodReportQuerySchema)) query: z.output<typeof periodReportQuerySchema>,
  ): Promise<PeriodReport> {
    return this.audit.periodReport(query.pharmacyId, new Date(query.from), new Date(query.to));
  }

  /** The last verification of the read models against a fresh replay (it runs every night). */
  @Get('verification')
  @Reaches(reach.none())
  verification(): Promise<VerificationRun> {
    return lastVerification(this.db);
  }

  /** Verifies now: rebuilds every read model into a shadow schema and compares them row by row. */
  @Post('verification')
  @HttpCode(200)
  @Reaches(reach.none())
  async verifyNow(@Caller() caller: Principal): Promise<VerificationRun> {
    try {
      return await runVerification(this.db, this.store, caller.id);
    } catch (error) {
      if (error instanceof VerificationRunningError) throw new DomainError('VERIFICATION_RUNNING', error.message);
      throw error;
    }
  }

  /** Every event, newest first, filtered, in plain words in the language asked for (`lang`, else Accept-Language). */
  @Get('events')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  events(
    @Query(new ZodValidationPipe(auditEventsQuerySchema)) query: z.output<typeof auditEventsQuerySchema>,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<AuditEventPage> {
    const language = query.lang ?? (acceptLanguage?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en');
    return this.audit.events({ ...query, language });
  }

  @Get('stock-on-hand')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  stockOnHand(
    @Query(new ZodValidationPipe(stockOnHandQuerySchema)) query: z.output<typeof stockOnHandQuerySchema>,
  ): Promise<StockOnHand> {
    return this.audit.stockOnHand(query.pharmacyId, query.asOf ? new Date(query.asOf) : new Date(), query.verify);
  }

  @Get('stock-card')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  stockCard(
    @Query(new ZodValidationPipe(stockCardQuerySchema)) query: z.output<typeof stockCardQuerySchema>,
  ): Promise<StockCard> {
    return this.audit.stockCard({
      batchId: query.batchId,
      productId: query.productId,
      pharmacyId: query.pharmacyId,
      from: query.from ? new Date(query.from) : null,
      to: query.to ? new Date(query.to) : null,
    });
  }
}
