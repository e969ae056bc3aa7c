import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorCodes, type ApiError } from '@pharmacy/contracts';
import { DomainError, type DomainErrorKind } from '@pharmacy/domain';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '@pharmacy/event-store';
import { isDatabaseUnavailable } from '@pharmacy/read-db';
import { RequestValidationError } from './validation';

const statusOfKind: Record<DomainErrorKind, number> = {
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  invalid: HttpStatus.BAD_REQUEST,
  forbidden: HttpStatus.FORBIDDEN,
  unauthorized: HttpStatus.UNAUTHORIZED,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
};

/** How long a client is asked to wait before trying a 503 again (a database restart or failover takes seconds). */
const RETRY_AFTER_SECONDS = 2;

const codeOfStatus: Record<number, string> = {
  400: errorCodes.validationFailed,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
};

/**
 * A body the JSON parser could not read (body-parser's errors, which Nest hands
 * over as the cause of an HttpException): answered in words a person can act on,
 * not the parser's own ("Unexpected token 'N', ... is not valid JSON").
 */
function unreadableBody(cause: unknown): (ApiError & Record<string, unknown>) | null {
  const type = typeof cause === 'object' && cause !== null ? (cause as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return null;
  const error = cause as { type: string; limit?: number; charset?: string; encoding?: string };
  switch (error.type) {
    case 'entity.parse.failed':
      return {
        statusCode: 400,
        code: errorCodes.validationFailed,
        message:
          'The request body is not valid JSON. Send one JSON object, with double-quoted names and plain numbers (no NaN, Infinity or leading zeros).',
      };
    case 'entity.too.large': {
      const limit = error.limit ? `${Math.round((error.limit / 1024 / 1024) * 10) / 10} MB` : 'the limit';
      return {
        statusCode: 413,
        code: errorCodes.payloadTooLarge,
        message: `The request body is larger than ${limit}. Send less text, or fewer items at a time.`,
      };
    }
    case 'charset.unsupported':
      return {
        statusCode: 415,
        code: errorCodes.unsupportedMediaType,
        message: `The body's character set (${error.charset ?? 'unknown'}) is not supported. Send JSON in UTF-8.`,
      };
    case 'encoding.unsupported':
      return {
        statusCode: 415,
        code: errorCodes.unsupportedMediaType,
        message: `The body's content encoding (${error.encoding ?? 'unknown'}) is not supported. Send it uncompressed, or as gzip or deflate.`,
      };
    case 'request.aborted':
    case 'request.size.invalid':
      return {
        statusCode: 400,
        code: errorCodes.validationFailed,
        message: 'The request body was cut off before it all arrived. Send the request again.',
      };
    default:
      return null;
  }
}

const MULTER_FIELD_CODES = new Set([
  'LIMIT_FIELD_KEY',
  'LIMIT_FIELD_VALUE',
  'LIMIT_FIELD_COUNT',
  'LIMIT_FIELD_NESTING',
  'LIMIT_FIELD_ARRAY_INDEX',
  'INVALID_FIELD_NAME',
  'MISSING_FIELD_NAME',
  'LIMIT_PART_COUNT',
]);

/**
 * An upload multer or busboy could not read (Nest hands their errors over as
 * the cause of an HttpException, with their own wording: "Multipart: Boundary
 * not found", "Too many files"): answered with what to send instead.
 */
function unreadableUpload(cause: unknown): (ApiError & Record<string, unknown>) | null {
  if (!(cause instanceof Error)) return null;
  const code = (cause as { code?: unknown }).code;
  const refused = (message: string, statusCode = 400) => ({
    statusCode,
    code: statusCode === 415 ? errorCodes.unsupportedMediaType : errorCodes.validationFailed,
    message,
  });
  if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') return refused('Send one photo at a time.');
  if (typeof code === 'string' && MULTER_FIELD_CODES.has(code)) {
    return refused('The upload has fields this server does not read. Send only the photo, as one file part.');
  }
  if (/^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|file))/.test(cause.message)) {
    return refused(
      'The upload is not a complete multipart/form-data request (its boundary or its end is missing). Choose the photo again and send it.',
    );
  }
  if (cause.message.startsWith('Unsupported content type')) {
    return refused('Send the photo as multipart/form-data.', 415);
  }
  return null;
}

/** The one place where errors become HTTP answers, each with a stable code and a message a person can act on. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const body = this.toBody(exception, request);
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, reqId: (request as Request & { id?: unknown }).id }, 'request failed');
    }
    if (response.headersSent) return;
    // A 503 is temporary by definition: say when to try again, so that clients back off instead of hammering.
    if (body.statusCode === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request): ApiError & Record<string, unknown> {
    if (exception instanceof RequestValidationError) {
      return {
        statusCode: 400,
        code: errorCodes.validationFailed,
        message: exception.message,
        errors: exception.errors,
      };
    }
    if (exception instanceof DomainError) {
      return {
        ...exception.details,
        statusCode: statusOfKind[exception.kind],
        code: exception.code,
        message: exception.message,
      };
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return {
        statusCode: 409,
        code: errorCodes.concurrencyConflict,
        message: 'This record was changed by someone else at the same time. Reload it and try again.',
      };
    }
    // The database is down or restarting (the session store, a read, the log): the request may pass in a moment.
    if (exception instanceof EventStoreUnavailableError || isDatabaseUnavailable(exception)) {
      return {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      };
    }
    if (exception instanceof HttpException) {
      const unread = unreadableBody(exception.cause) ?? unreadableUpload(exception.cause);
      if (unread) return unread;
      const status = exception.getStatus();
      const answer = exception.getResponse();
      const provided = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
      const message =
        status === 404 && !provided.code
          ? `No such API path: ${request.method} ${request.path}`
          : typeof provided.message === 'string'
            ? provided.message
            : exception.message;
      const { error: _name, ...rest } = provided;
      return {
        ...rest,
        statusCode: status,
        code: (provided.code as string) ?? codeOfStatus[status] ?? 'HTTP_ERROR',
        message,
      };
    }
    return {
      statusCode: 500,
      code: errorCodes.internal,
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}
