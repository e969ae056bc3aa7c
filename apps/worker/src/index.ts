export { Mailer, type OutgoingMail } from './mail';
export { startWorker, MAINTENANCE_QUEUE, type RunningWorker, type WorkerOptions } from './worker';
export { sendExpiryDigest, EXPIRY_DIGEST_JOB, type DigestResult } from './jobs/expiry-digest';
export { EXPIRY_SCAN_JOB, lastExpiryScan, recordExpiries, runExpiryScan, type ExpiryScanRun } from './jobs/expiry-scan';
export { VERIFY_JOB, lastVerification, runVerification, VerificationRunningError } from './jobs/verify-projections';
