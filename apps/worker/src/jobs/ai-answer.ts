import { createPostgresBackend, Queue, QueueEvents, Worker, withBackend } from 'bullmq';
import type { ReadDb } from '@pharmacy/read-db';
import { AssistantTools, type Scope } from '../assistant/assistant-tools';
import type { AssistantAnswer, Language } from '../assistant/local-assistant';
import { ModelAssistant, type ModelSettings } from '../assistant/model-assistant';

export const AI_QUEUE = 'ai';
export const AI_ANSWER_JOB = 'answer';

/** What a question to the model needs: the caller's scope and today are decided by the API, not by the job. */
export interface AiQuestion {
  message: string;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  language: Language;
  scope: Scope;
  today: string;
}

/** Where BullMQ keeps the `ai` queue: Redis, or its PostgreSQL backend (schema `bullmq`). */
export interface AiQueueConnection {
  redisUrl?: string;
  databaseUrl: string;
}

export class AiAnswerTimeout extends Error {
  constructor() {
    super('the AI job did not finish in time');
  }
}

function classes(connection: AiQueueConnection) {
  if (connection.redisUrl) {
    const options = { connection: { url: connection.redisUrl } };
    return {
      queue: () => new Queue<AiQuestion, AssistantAnswer>(AI_QUEUE, options),
      events: () => new QueueEvents(AI_QUEUE, options),
      worker: (processor: (job: { data: AiQuestion }) => Promise<AssistantAnswer>, concurrency: number) =>
        new Worker<AiQuestion, AssistantAnswer>(AI_QUEUE, processor, { ...options, concurrency }),
    };
  }
  const postgres = withBackend(createPostgresBackend);
  const options = {
    connection: { connectionString: connection.databaseUrl, schema: 'bullmq', migrate: true, max: 4 },
  };
  return {
    queue: () => new postgres.Queue(AI_QUEUE, options) as unknown as Queue<AiQuestion, AssistantAnswer>,
    events: () => new postgres.QueueEvents(AI_QUEUE, options) as unknown as QueueEvents,
    worker: (processor: (job: { data: AiQuestion }) => Promise<AssistantAnswer>, concurrency: number) =>
      new postgres.Worker(AI_QUEUE, processor, { ...options, concurrency }) as unknown as Worker<
        AiQuestion,
        AssistantAnswer
      >,
  };
}

/**
 * The worker side: answers questions with the configured model. Each attempt
 * is bounded by the model settings' timeout; BullMQ retries a failed attempt
 * (`retries` times, the job's own option).
 */
export function startAiWorker(
  db: ReadDb,
  settings: ModelSettings,
  connection: AiQueueConnection,
): { close(): Promise<void> } {
  // BullMQ does the retrying: the client makes one request per attempt.
  const assistant = new ModelAssistant({ ...settings, retries: 0 }, new AssistantTools(db));
  const worker = classes(connection).worker(async ({ data }) => {
    return assistant.answer(data.message, data.history, data.language, { scope: data.scope, today: data.today });
  }, 4);
  return { close: () => worker.close() };
}

/**
 * The API side: puts a question on the `ai` queue and waits for the answer,
 * at most `timeoutMs` per attempt over all attempts. A job nobody picks up (no
 * worker running) or that fails every attempt is an error the caller turns
 * into 503.
 */
export function openAiJobs(
  connection: AiQueueConnection,
  settings: Pick<ModelSettings, 'timeoutMs' | 'retries'>,
): { ask(question: AiQuestion): Promise<AssistantAnswer>; close(): Promise<void> } {
  const made = classes(connection);
  const queue = made.queue();
  const events = made.events();
  const ready = events.waitUntilReady();
  return {
    async ask(question) {
      await ready;
      const job = await queue.add(AI_ANSWER_JOB, question, {
        attempts: settings.retries + 1,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: 100,
        removeOnFail: 500,
      });
      const ttl = settings.timeoutMs * (settings.retries + 1) + 500 * settings.retries + 2000;
      try {
        return await job.waitUntilFinished(events, ttl);
      } catch (error) {
        // Nobody is left waiting for it: a late answer is not wanted.
        await job.remove().catch(() => undefined);
        if (error instanceof Error && /timed out|ttl/i.test(error.message)) throw new AiAnswerTimeout();
        throw error;
      }
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
