import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorCodes, type ApiError } from '@pharmacy/contracts';
import { DomainError, type DomainErrorKind } from '@pharmacy/domain';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '@pharmacy/event-store';
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

const codeOfStatus: Record<number, string> = {
  400: errorCodes.validationFailed,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
};

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
    if (!response.headersSent) response.status(body.statusCode).json(body);
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
    if (exception instanceof EventStoreUnavailableError) {
      return {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      };
    }
    if (exception instanceof HttpException) {
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
