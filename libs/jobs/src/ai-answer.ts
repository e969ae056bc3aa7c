import { createPostgresBackend, Queue, QueueEvents, Worker, withBackend } from 'bullmq';
import type { ReadDb } from '@pharmacy/read-db';
import {
  AssistantTools,
  ModelAssistant,
  PhotoDescriber,
  type AssistantAnswer,
  type Language,
  type ModelSettings,
  type PhotoDescription,
  type PhotoQuestion,
  type Scope,
} from '@pharmacy/assistant';

export const AI_QUEUE = 'ai';
/** A question to the assistant: answers with an AssistantAnswer. */
export const AI_ANSWER_JOB = 'answer';
/** A pack photo for the vision model: answers with a PhotoDescription. */
export const AI_PHOTO_JOB = 'describe-photo';

type AiJobData = AiQuestion | PhotoQuestion;
type AiJobResult = AssistantAnswer | PhotoDescription;
type AiProcessor = (job: { name: string; data: AiJobData }) => Promise<AiJobResult>;

/** The assistant's model, and the model that reads photos when one is configured (OPENAI_VISION_MODEL). */
export type AiSettings = ModelSettings & { visionModel?: string };

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
      queue: () => new Queue<AiJobData, AiJobResult>(AI_QUEUE, options),
      events: () => new QueueEvents(AI_QUEUE, options),
      worker: (processor: AiProcessor, concurrency: number) =>
        new Worker<AiJobData, AiJobResult>(AI_QUEUE, processor, { ...options, concurrency }),
    };
  }
  const postgres = withBackend(createPostgresBackend);
  const options = {
    connection: { connectionString: connection.databaseUrl, schema: 'bullmq', migrate: true, max: 4 },
  };
  return {
    queue: () => new postgres.Queue(AI_QUEUE, options) as unknown as Queue<AiJobData, AiJobResult>,
    events: () => new postgres.QueueEvents(AI_QUEUE, options) as unknown as QueueEvents,
    worker: (processor: AiProcessor, concurrency: number) =>
      new postgres.Worker(AI_QUEUE, processor, { ...options, concurrency }) as unknown as Worker<
        AiJobData,
        AiJobResult
      >,
  };
}

/**
 * The worker side: answers questions with the configured model, and describes
 * pack photos with the vision model. Each attempt is bounded by the settings'
 * timeout; BullMQ retries a failed attempt (`retries` times, the job's own option).
 */
export function startAiWorker(
  db: ReadDb,
  settings: AiSettings,
  connection: AiQueueConnection,
  onError: (error: Error) => void,
): { close(): Promise<void> } {
  // BullMQ does the retrying: the client makes one request per attempt.
  const assistant = new ModelAssistant({ ...settings, retries: 0 }, new AssistantTools(db));
  const describer = settings.visionModel ? new PhotoDescriber({ ...settings, model: settings.visionModel }) : null;
  const worker = classes(connection).worker(async ({ name, data }) => {
    if (name === AI_PHOTO_JOB) {
      if (!describer) throw new Error('no vision model is configured (OPENAI_VISION_MODEL)');
      return describer.describe(data as PhotoQuestion);
    }
    const question = data as AiQuestion;
    return assistant.answer(question.message, question.history, question.language, {
      scope: question.scope,
      today: question.today,
    });
  }, 4);
  worker.on('error', onError);
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
  /** A lost connection to the queue's store (Redis down): BullMQ reconnects by itself; this is told. */
  onError: (error: Error) => void,
): {
  ask(question: AiQuestion): Promise<AssistantAnswer>;
  describePhoto(question: PhotoQuestion): Promise<PhotoDescription>;
  close(): Promise<void>;
} {
  const made = classes(connection);
  const queue = made.queue();
  const events = made.events();
  queue.on('error', onError);
  events.on('error', onError);
  const ready = events.waitUntilReady();
  const run = async (name: string, data: AiJobData): Promise<AiJobResult> => {
    await ready;
    const job = await queue.add(name, data, {
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
  };
  return {
    ask: (question) => run(AI_ANSWER_JOB, question) as Promise<AssistantAnswer>,
    describePhoto: (question) => run(AI_PHOTO_JOB, question) as Promise<PhotoDescription>,
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
