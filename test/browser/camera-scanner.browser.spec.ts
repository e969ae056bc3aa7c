import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseScan } from '@pharmacy/domain';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumFakeCameraArgs, writeBarcodePng, writeBarcodeVideo, type Symbology } from './fake-camera';
import {
  documentDirection,
  launchBrowser,
  openSession,
  OUTPUT_DIR,
  screenshot,
  unexpectedErrors,
  visible,
  type Session,
} from './support';

// The camera scanner (apps/web/src/components/camera-scanner.tsx) in a real Chromium whose camera is a
// video of a barcode drawn by bwip-js (test/browser/fake-camera.ts). The component is mounted on its own
// harness page (test/browser/fixtures/camera-scanner), built here with Vite and served by a small static
// server with the app's Content Security Policy, so the test needs neither the API nor `npm run build:web`.

const ROOT = resolve(__dirname, '../..');
const FIXTURE = join(__dirname, 'fixtures', 'camera-scanner');
const DECODE_TIMEOUT_MS = 15_000;

/**
 * The API's policy (apps/api/src/bootstrap.ts): 'wasm-unsafe-eval' lets the page compile the decoder's
 * WebAssembly and nothing more; without it the scanner says the browser cannot read barcodes.
 */
const SCANNER_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; object-src 'none'; base-uri 'self'";
const WITHOUT_WASM_CSP = SCANNER_CSP.replace(" 'wasm-unsafe-eval'", '');

const GTIN = '09501101530003';
const GS1 = `(01)${GTIN}(17)271231(10)LOT-42(21)SN-0001`;
const GS = '\u001d';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

let workDir: string;
let server: Server;
let origin: string;
const browsers: Browser[] = [];

function buildHarness(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(FIXTURE, 'vite.config.mts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Serves `dir`; `/?csp=nowasm` gets a policy that forbids compiling WebAssembly. */
function serve(dir: string): Promise<void> {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = resolve(dir, `.${decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)}`);
    if (!path.startsWith(dir + sep) || !existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': MIME[extname(path)] ?? 'application/octet-stream',
      'content-security-policy': url.searchParams.get('csp') === 'nowasm' ? WITHOUT_WASM_CSP : SCANNER_CSP,
    });
    createReadStream(path).pipe(response);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      done();
    });
  });
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'camera-scanner-'));
  const site = join(workDir, 'site');
  buildHarness(site);
  await serve(site);
}, 90_000);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A Chromium whose camera shows `text` as `symbology` (a PNG of the picture lands in test/browser/output). */
async function cameraShowing(symbology: Symbology, text: string): Promise<Browser> {
  const video = writeBarcodeVideo(join(workDir, `${symbology}.y4m`), symbology, text);
  writeBarcodePng(join(OUTPUT_DIR, `camera-scanner-${symbology}-camera.png`), symbology, text);
  const browser = await launchBrowser(chromiumFakeCameraArgs(video));
  browsers.push(browser);
  return browser;
}

interface ScannerPage extends Session {
  /** Every URL the page requested. */
  requests: string[];
}

async function openHarness(browser: Browser, query = ''): Promise<ScannerPage> {
  const session = await openSession(browser, { width: 900, height: 800 });
  const requests: string[] = [];
  session.page.on('request', (request) => requests.push(request.url()));
  await session.page.goto(`${origin}/${query}`);
  return { ...session, requests };
}

async function detectedCodes(page: Page): Promise<string[]> {
  return page
    .locator('li[data-code]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-code') ?? ''));
}

async function firstCode(page: Page): Promise<string> {
  await page.locator('li[data-code]').first().waitFor({ timeout: DECODE_TIMEOUT_MS });
  const [code] = await detectedCodes(page);
  return code ?? '';
}

describe('camera scanner', () => {
  it('reads an EAN-13 from the camera once, with the decoder served by our own server', async () => {
    const browser = await cameraShowing('ean13', '5012345678900');
    const { page, errors, requests, context } = await openHarness(browser);

    expect(await firstCode(page)).toBe('5012345678900');
    await visible(page.getByLabel('Barcode camera'));
    await visible(page.getByText('Hold the barcode inside the frame.'));
    await screenshot(page, 'camera-scanner-ean13');

    // The video loops with the code always in view: it must not be reported again.
    await page.waitForTimeout(2_000);
    expect(await detectedCodes(page)).toEqual(['5012345678900']);

    const offSite = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    expect(offSite).toEqual([]);
    expect(requests.filter((url) => url.endsWith('.wasm'))).toEqual([
      expect.stringMatching(new RegExp(`^${origin}/assets/zxing_reader-[\\w-]+\\.wasm$`)),
    ]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('reads a GS1 DataMatrix into a string the domain GS1 parser understands', async () => {
    const browser = await cameraShowing('gs1datamatrix', GS1);
    const { page, errors, context } = await openHarness(browser);

    const code = await firstCode(page);
    expect(code).toBe(`]d2${GS}01${GTIN}1727123110LOT-42${GS}21SN-0001`);
    expect(parseScan(code, new Date('2026-06-01T00:00:00Z'))).toMatchObject({
      kind: 'gs1',
      gtin: GTIN,
      data: { gtin: GTIN, expiryDate: '2027-12-31', batch: 'LOT-42', serial: 'SN-0001' },
    });
    await screenshot(page, 'camera-scanner-gs1datamatrix');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('reads a GS1 QR code and a Code 128', async () => {
    const qr = await openHarness(await cameraShowing('gs1qrcode', GS1));
    const qrCode = await firstCode(qr.page);
    expect(qrCode.startsWith(']Q3')).toBe(true);
    expect(parseScan(qrCode, new Date('2026-06-01T00:00:00Z'))).toMatchObject({
      kind: 'gs1',
      data: { gtin: GTIN, expiryDate: '2027-12-31', batch: 'LOT-42', serial: 'SN-0001' },
    });
    expect(unexpectedErrors(qr.errors)).toEqual([]);

    const code128 = await openHarness(await cameraShowing('code128', 'SKU-00042'));
    expect(await firstCode(code128.page)).toBe('SKU-00042');
    expect(unexpectedErrors(code128.errors)).toEqual([]);
    await Promise.all([qr.context.close(), code128.context.close()]);
  });

  it('says so, in Arabic and right to left, when camera access is refused, and tries again', async () => {
    const browser = browsers[0] ?? (await cameraShowing('ean13', '5012345678900'));
    const session = await openSession(browser, { width: 900, height: 800 });
    // The first request is refused, as when the person dismisses the prompt; the next one is granted.
    // (A string: this file is type-checked without the DOM library.)
    await session.page.addInitScript(`{
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      let refused = false;
      devices.getUserMedia = (constraints) => {
        if (refused) return getUserMedia(constraints);
        refused = true;
        return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      };
    }`);
    await session.page.goto(`${origin}/?lang=ar`);

    const alert = await visible(session.page.getByRole('alert'));
    await visible(alert.getByText('خطأ في الكاميرا'));
    await visible(alert.getByText(/تعذّر الوصول إلى الكاميرا/));
    await visible(session.page.locator('[data-problem="permission"]'));
    expect(await documentDirection(session.page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await screenshot(session.page, 'camera-scanner-permission-ar');

    await alert.getByRole('button', { name: 'إعادة المحاولة' }).click();
    expect(await firstCode(session.page)).toBe('5012345678900');
    await visible(session.page.getByLabel('كاميرا قراءة الباركود'));
    await visible(session.page.getByText('ضع الباركود داخل الإطار.'));
    await screenshot(session.page, 'camera-scanner-ean13-ar');
    expect(unexpectedErrors(session.errors)).toEqual([]);
    await session.context.close();
  });

  it("says the browser cannot read barcodes when a policy forbids WebAssembly (no 'wasm-unsafe-eval')", async () => {
    const browser = browsers[0] ?? (await cameraShowing('ean13', '5012345678900'));
    const { page, errors, context } = await openHarness(browser, '?csp=nowasm');

    await visible(page.locator('[data-problem="unsupported"]'));
    await visible(page.getByRole('alert').getByText(/This browser cannot read barcodes with the camera/));
    expect(errors.join('\n')).toMatch(/WebAssembly|wasm-unsafe-eval|Content Security Policy/i);
    await context.close();
  });
});
