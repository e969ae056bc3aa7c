export { startWorker, MAINTENANCE_QUEUE, type RunningWorker, type WorkerOptions } from './worker';
export { sendExpiryDigest, EXPIRY_DIGEST_JOB, type DigestResult } from './expiry-digest';
export { EXPIRY_SCAN_JOB, lastExpiryScan, recordExpiries, runExpiryScan, type ExpiryScanRun } from './expiry-scan';
export { VERIFY_JOB, lastVerification, runVerification, VerificationRunningError } from './verify-projections';
export { AiAnswerTimeout, openAiJobs, startAiWorker, type AiQuestion, type AiSettings } from './ai-answer';
export { openQueueProbe, JOB_STATES, type QueueProbe, type JobCount, type JobState } from './queue-probe';
