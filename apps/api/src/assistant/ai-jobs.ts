import type { openAiJobs } from '@pharmacy/worker';

/** The `ai` queue's client: null when no model is configured. */
export const AI_JOBS = Symbol('AiJobs');
export type AiJobs = ReturnType<typeof openAiJobs>;
