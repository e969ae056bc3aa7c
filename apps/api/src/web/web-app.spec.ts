import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { mountWebApp } from './web-app';

// The built web app as the server hands it out: what the browser caches, for
// how long, and what the installable app's service worker and manifest need.

let distDir: string;
let app: express.Express;
const indexHtml = '<!doctype html><title>Pharmacy</title>';

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'pharmacy-web-dist-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'icons'));
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Pharmacy"}');
  writeFileSync(join(distDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  // A file under api/ in the build must never answer for the API.
  mkdirSync(join(distDir, 'api', 'auth'), { recursive: true });
  writeFileSync(join(distDir, 'api', 'auth', 'user'), 'not the API');
  app = express();
  mountWebApp(app, distDir, indexHtml);
});

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('mountWebApp', () => {
  it('serves the service worker as JavaScript that the browser checks with the server every time', async () => {
    const answer = await request(app).get('/sw.js').expect(200);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its own type, checked every time', async () => {
    const answer = await request(app).get('/manifest.webmanifest').expect(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets for a year and the icons for an hour', async () => {
    const asset = await request(app).get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await request(app).get('/icons/icon-192.png').expect(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers any other page with index.html, revalidated, and leaves /api alone', async () => {
    const page = await request(app).get('/pos').expect(200);
    expect(page.text).toBe(indexHtml);
    expect(page.headers['cache-control']).toBe('no-cache');
    // Not looked for among the files at all (issue 31: a stat of the disk on every API request).
    const api = await request(app).get('/api/auth/user').expect(404);
    expect(api.text).not.toContain('not the API');
    await request(app).get('/assets/missing.js').expect(404);
  });
});
