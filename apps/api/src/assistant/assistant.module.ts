import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { AssistantTools } from '@pharmacy/assistant';
import { openAiJobs } from '@pharmacy/jobs';
import type { ReadDb } from '@pharmacy/read-db';
import type { Logger } from 'pino';
import { modelSettings, type AppConfig } from '../config/config';
import { APP_CONFIG, DATABASE_URL, LOGGER, READ_DB } from '../infrastructure/tokens';
import { AI_JOBS, type AiJobs } from './ai-jobs';
import { ChatHttpController } from './chat.http.controller';

@Module({
  controllers: [ChatHttpController],
  providers: [
    { provide: AssistantTools, inject: [READ_DB], useFactory: (db: ReadDb) => new AssistantTools(db) },
    {
      // With a model configured, questions go to it as BullMQ `ai` jobs (a worker answers them).
      provide: AI_JOBS,
      inject: [APP_CONFIG, DATABASE_URL, LOGGER],
      useFactory: (config: AppConfig, databaseUrl: string, logger: Pick<Logger, 'warn'>): AiJobs | null => {
        const settings = modelSettings(config);
        return settings
          ? openAiJobs(
              { databaseUrl, ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}) },
              settings,
              (error) => logger.warn({ err: error.message }, 'ai job queue error'),
            )
          : null;
      },
    },
  ],
  // Add Product by Photo sends pack photos to the vision model over the same queue.
  exports: [AI_JOBS],
})
export class AssistantModule implements OnModuleDestroy {
  constructor(@Inject(AI_JOBS) private readonly jobs: AiJobs | null) {}

  async onModuleDestroy(): Promise<void> {
    await this.jobs?.close();
  }
}
