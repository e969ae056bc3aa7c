import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import type { Logger } from 'pino';
import { chatRequestSchema, type ChatAnswer, type ChatRequest } from '@pharmacy/contracts';
import { DomainError, todayIn } from '@pharmacy/domain';
import type { Principal } from '../common/access/access';
import { OwnAccount } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../infrastructure/tokens';
import { AssistantTools, LocalAssistant, languageOfQuestion, type Language } from '@pharmacy/assistant';
import { AI_JOBS, type AiJobs } from './ai-jobs';

/**
 * The pharmacist's assistant. The page's `context` is accepted and not
 * trusted: every fact comes from the read models of the caller's pharmacies,
 * through the same read-only tools for the model and the local assistant.
 */
@Controller('api/chat')
export class ChatHttpController {
  private readonly local: LocalAssistant;

  constructor(
    tools: AssistantTools,
    private readonly scope: PharmacyScope,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn'>,
    @Inject(AI_JOBS) private readonly model: AiJobs | null,
  ) {
    this.local = new LocalAssistant(tools);
  }

  /** Asking changes nothing, so auditors may ask too. */
  @Post('pharmacist')
  @HttpCode(200)
  @OwnAccount()
  @Reaches(reach.callerPharmacies())
  async ask(
    @Body(new ZodValidationPipe(chatRequestSchema)) body: ChatRequest,
    @Caller() caller: Principal,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<ChatAnswer> {
    // The language the question is written in, when its letters tell; else the interface's.
    const language: Language =
      languageOfQuestion(body.message) ??
      body.language ??
      (acceptLanguage?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en');
    const context = {
      scope: await this.scope.readable(caller, null),
      today: todayIn(this.config.TIME_ZONE),
    };
    if (!this.model) {
      const answer = await this.local.answer(body.message, language, context);
      return { success: true, message: 'Answered from the pharmacy records', data: { ...answer, mode: 'local' } };
    }
    try {
      // A BullMQ `ai` job, answered by a worker with the model and the same tools; retried, bounded in time.
      const answer = await this.model.ask({ message: body.message, history: body.history ?? [], language, ...context });
      return { success: true, message: 'Answered by the configured model', data: { ...answer, mode: 'model' } };
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'the AI model did not answer');
      throw new DomainError(
        'AI_UNAVAILABLE',
        'The AI model did not answer in time or failed. Please try again in a moment.',
      );
    }
  }
}
