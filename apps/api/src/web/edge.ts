import type { NextFunction, Request, Response } from 'express';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodes, findUnstorableText, validationMessages } from '@pharmacy/contracts';

function refuse(response: Response, field: string, message: string = validationMessages.unstorableText): void {
  response.status(400).json({
    statusCode: 400,
    code: errorCodes.validationFailed,
    message,
    errors: [{ field, message }],
  });
}

/** Deeper than any request of the contract (a few levels) and than a client's page context; shallow enough to walk. */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests objects or arrays more than `limit` levels deep (walked without recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses any API request whose body, query or path holds text PostgreSQL
 * cannot store (NUL, an unpaired surrogate), or whose body is nested absurdly
 * deep, once, before any route runs: a 400 naming the field, and nothing written.
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
  // Walking (here, in zod, in JSON.stringify) a body nested thousands deep overflows the stack: a 500, before this.
  if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
    return refuse(
      response,
      'body',
      `The request body is nested more than ${MAX_BODY_DEPTH} levels deep. Send a flatter JSON object.`,
    );
  }
  const inBody = findUnstorableText(request.body);
  if (inBody !== null) return refuse(response, inBody);
  next();
}

/** API answers are personal and change with every write: no cache keeps them. */
export function noStore(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api')) response.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (an address or
 * headers over its 16 KB limit, bytes that are not HTTP) are answered with the
 * API's error shape instead of Node's bare 431 or 400 without a body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [statusCode, code, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'HEADERS_TOO_LARGE',
            'The request address or its headers are longer than 16 KB. Send shorter query values or fewer headers.',
          ]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Send it again.']
          : [400, errorCodes.validationFailed, 'The request is not valid HTTP. Send it again.'];
    const body = JSON.stringify({ statusCode, code, message });
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
