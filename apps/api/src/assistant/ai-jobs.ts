import type { openAiJobs } from '@pharmacy/jobs';

/** The `ai` queue's client: null when no model is configured. */
export const AI_JOBS = Symbol('AiJobs');
export type AiJobs = ReturnType<typeof openAiJobs>;
