import { Injectable } from '@nestjs/common';
import type { PhotoRecognition } from '@pharmacy/contracts';
import { DomainError, gtinCandidates, parseScan } from '@pharmacy/domain';
import { ProductQueries } from '../product.queries';
import { readBarcodesIn, UnsupportedImageError } from './barcode-reader';

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const unsupportedImage = (detail?: string) =>
  new DomainError('UNSUPPORTED_IMAGE', `${detail ? `${detail} ` : ''}Upload a JPEG, PNG or WebP photo of the pack.`);

/**
 * Reads a pack photo on the server: every barcode in it (a GTIN, or a GS1
 * DataMatrix/128 with the product, batch and expiry), matched to the
 * catalogue by its code. What is not on a barcode is not guessed.
 */
@Injectable()
export class PhotoRecogniser {
  constructor(private readonly products: ProductQueries) {}

  async recognise(image: Buffer, now = new Date()): Promise<PhotoRecognition> {
    let texts: string[];
    try {
      ({ texts } = await readBarcodesIn(image));
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw unsupportedImage(error.message);
      throw error;
    }
    let gtin: string | null = null;
    let expiryDate: string | null = null;
    let batchNumber: string | null = null;
    for (const text of texts) {
      let scan;
      try {
        scan = parseScan(text, now);
      } catch {
        continue; // a GS1 symbol with a malformed element: the others may still say enough
      }
      if (scan.kind === 'gtin') gtin ??= scan.gtin;
      if (scan.kind === 'gs1') {
        gtin ??= scan.gtin;
        expiryDate ??= scan.data.expiryDate ?? null;
        batchNumber ??= scan.data.batch ?? null;
      }
    }
    if (!gtin) {
      throw new DomainError(
        'NOTHING_RECOGNISED',
        texts.length === 0
          ? 'No barcode could be read in the photo. Take it again closer to the barcode, in good light, or enter the details by hand.'
          : 'The barcode in the photo does not carry a product number (GTIN). Enter the details by hand.',
      );
    }
    const candidates = gtinCandidates(gtin);
    const [match] = await this.products.search(gtin, candidates, 'all', 1);
    const product = match && match.barcode && candidates.includes(match.barcode) ? match : null;
    return {
      success: true,
      message: product
        ? `Recognised ${product.name} from its barcode.`
        : 'Read the barcode; the product is not in the catalogue yet.',
      data: {
        drugName: product?.name ?? null,
        confidence: product ? 1 : 0.5,
        expiryDate,
        suggestedProduct: {
          name: product?.name ?? '',
          description: product?.description ?? '',
          sku: product?.sku ?? gtin,
        },
        barcode: gtin,
        batchNumber,
        productId: product?.id ?? null,
      },
    };
  }
}
