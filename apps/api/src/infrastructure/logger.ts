import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/**
 * JSON lines on standard output, written asynchronously: a request does not
 * wait for its log line to reach the terminal or the collector (issue 31).
 * What is buffered is written out when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'pharmacy' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** Routes Nest's own log lines into the structured JSON log. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
