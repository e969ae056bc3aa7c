import { gtinCandidates, parseScan } from '@pharmacy/domain';

/**
 * What a search box received: free text, plus the exact codes it stands for
 * when it is a scanned barcode (a GTIN, or a GS1 element string from a 2D
 * scanner, in every form a catalogue may store it). A malformed GS1 string is
 * refused with the parser's message (400).
 */
export function scanCodes(input: string): { text: string; codes: string[] } {
  const scan = parseScan(input);
  switch (scan.kind) {
    case 'gtin':
      return { text: scan.gtin, codes: gtinCandidates(scan.gtin) };
    case 'gs1':
      return { text: scan.gtin ?? scan.raw, codes: scan.gtin ? gtinCandidates(scan.gtin) : [] };
    case 'text':
      return { text: scan.text, codes: [] };
  }
}
