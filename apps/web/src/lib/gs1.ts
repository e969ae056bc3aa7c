import { readScan } from '@pharmacy/barcodes';

/**
 * What a pack scan carries for the web: the product code (AI 01), the expiry
 * date (AI 17) and the batch number (AI 10), read by the GS1 parser the server
 * uses (`@pharmacy/barcodes`).
 *
 * Why the client reads it too: GET /api/products/search answers with products
 * only — not with the batch and expiry it read from the scan. So a scan is sent
 * to the search (which finds the product, and refuses a malformed code with a
 * message for the user) and batch and expiry are read here. Leniently: what
 * cannot be read is simply not filled in, and the user types it.
 */

export type PackScan =
  | { kind: 'gs1'; gtin: string | null; expiryDate: string | null; batch: string | null }
  | { kind: 'gtin'; /** 14 digits */ gtin: string }
  | { kind: 'text'; text: string };

export function readPackScan(input: string, now: Date = new Date()): PackScan {
  const scan = readScan(input, now);
  switch (scan.kind) {
    case 'gs1':
      return { kind: 'gs1', gtin: scan.gtin, expiryDate: scan.data.expiryDate ?? null, batch: scan.data.batch ?? null };
    case 'gtin':
      return { kind: 'gtin', gtin: scan.gtin };
    case 'text':
      return { kind: 'text', text: scan.text };
  }
}

/** Whether a search box received a scanned code rather than words (the server then matches codes exactly). */
export function isScannedCode(input: string): boolean {
  return readPackScan(input).kind !== 'text';
}
