import { Controller, Get, Headers, Query } from '@nestjs/common';
import {
  auditEventsQuerySchema,
  stockCardQuerySchema,
  stockOnHandQuerySchema,
  type AuditEventPage,
  type StockCard,
  type StockOnHand,
} from '@pharmacy/contracts';
import type { z } from 'zod';
import { AdminOnly } from '../common/access/access';
import { ZodValidationPipe } from '../common/validation';
import { AuditService } from './audit.service';

const AUDITORS_ONLY = 'Only administrators can see the audit trail.';

/** The audit trail: stock as of any instant (proven against a replay on request) and stock cards. */
@Controller('api/audit')
@AdminOnly(AUDITORS_ONLY)
export class AuditHttpController {
  constructor(private readonly audit: AuditService) {}

  /** Every event, newest first, filtered, in plain words in the language asked for (`lang`, else Accept-Language). */
  @Get('events')
  events(
    @Query(new ZodValidationPipe(auditEventsQuerySchema)) query: z.output<typeof auditEventsQuerySchema>,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<AuditEventPage> {
    const language = query.lang ?? (acceptLanguage?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en');
    return this.audit.events({ ...query, language });
  }

  @Get('stock-on-hand')
  stockOnHand(
    @Query(new ZodValidationPipe(stockOnHandQuerySchema)) query: z.output<typeof stockOnHandQuerySchema>,
  ): Promise<StockOnHand> {
    return this.audit.stockOnHand(query.pharmacyId, query.asOf ? new Date(query.asOf) : new Date(), query.verify);
  }

  @Get('stock-card')
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
