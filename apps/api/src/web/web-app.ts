import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** sha256 sources of the inline scripts of index.html, for the Content-Security-Policy. */
export function inlineScriptHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html
 * for every other non-API path, so the client router shows the page (or its
 * own 404). API paths are left to Nest.
 */
export function readIndexHtml(distDir: string): string | null {
  const indexPath = join(distDir, 'index.html');
  return existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
}

/**
 * Files the browser must check with the server on every use: the service
 * worker (a new build's worker replaces the installed one) and the manifest.
 */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest']);

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

export function mountWebApp(app: Express, distDir: string, indexHtml: string): void {
  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  const files = express.static(distDir, {
    index: false,
    maxAge: '1h',
    // Set before the static handler's own Cache-Control, which then leaves it alone.
    setHeaders: (response, path) => {
      if (REVALIDATED_FILES.has(basename(path))) response.setHeader('Cache-Control', 'no-cache');
    },
  });
  // An API request goes straight to Nest: never a file's answer, and no look at the disk first.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiPath(request.path) ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isApiPath(request.path)) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(indexHtml);
  });
}
