export { startWorker, MAINTENANCE_QUEUE, type RunningWorker, type WorkerOptions } from './worker';
export { sendExpiryDigest, EXPIRY_DIGEST_JOB, type DigestResult } from './jobs/expiry-digest';
export { EXPIRY_SCAN_JOB, lastExpiryScan, recordExpiries, runExpiryScan, type ExpiryScanRun } from './jobs/expiry-scan';
export { VERIFY_JOB, lastVerification, runVerification, VerificationRunningError } from './jobs/verify-projections';
export { AssistantTools, type Scope, type ToolContext } from './assistant/assistant-tools';
export { LocalAssistant, type AssistantAnswer, type Language } from './assistant/local-assistant';
export { ModelAssistant, type ModelSettings } from './assistant/model-assistant';
export { AiAnswerTimeout, openAiJobs, startAiWorker, type AiQuestion, type AiSettings } from './jobs/ai-answer';
export { PhotoDescriber, type PhotoDescription, type PhotoQuestion } from './assistant/photo-describer';
