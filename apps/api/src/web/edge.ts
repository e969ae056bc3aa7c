import type { NextFunction, Request, Response } from 'express';
import { errorCodes, findUnstorableText, validationMessages } from '@pharmacy/contracts';

function refuse(response: Response, field: string): void {
  response.status(400).json({
    statusCode: 400,
    code: errorCodes.validationFailed,
    message: validationMessages.unstorableText,
    errors: [{ field, message: validationMessages.unstorableText }],
  });
}

/**
 * Refuses any API request whose body, query or path holds text PostgreSQL
 * cannot store (NUL, an unpaired surrogate), once, before any route runs:
 * a 400 naming the field, and nothing written.
 */
export function refuseUnstorableText(request: Request, response: Response, next: NextFunction): void {
  if (!request.path.startsWith('/api')) return next();
  let segments: string[];
  try {
    segments = request.path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return refuse(response, 'path');
  }
  const inPath = findUnstorableText(segments);
  if (inPath !== null) return refuse(response, 'path');
  const inQuery = findUnstorableText(request.query);
  if (inQuery !== null) return refuse(response, inQuery);
  const inBody = findUnstorableText(request.body);
  if (inBody !== null) return refuse(response, inBody);
  next();
}

/** API answers are personal and change with every write: no cache keeps them. */
export function noStore(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api')) response.setHeader('Cache-Control', 'no-store');
  next();
}
