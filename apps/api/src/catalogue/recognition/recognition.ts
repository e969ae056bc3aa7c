import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, gtinCandidates, parseScan, printedExpiry } from '@pharmacy/domain';
import type { PhotoDescription } from '@pharmacy/worker';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { AI_JOBS, type AiJobs } from '../../assistant/ai-jobs';
import { type AppConfig } from '../../config/config';
import { APP_CONFIG, LOGGER } from '../../infrastructure/tokens';
import type { PhotoRecognition, Product } from '@pharmacy/contracts';
import { ProductQueries } from '../product.queries';
import { readBarcodesIn, type Region, UnsupportedImageError } from './barcode-reader';
import { PackTextReader, type PrintedLine } from './text-reader';

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const unsupportedImage = (detail?: string) =>
  new DomainError('UNSUPPORTED_IMAGE', `${detail ? `${detail} ` : ''}Upload a JPEG, PNG or WebP photo of the pack.`);

/** Longest side of the copy a vision model is sent: enough to read a pack, small enough for a job. */
const VISION_SIDE = 1024;

/** How sure the answer is, by where its name came from (the contract's `confidence`). */
const CONFIDENCE = { catalogue: 1, model: 0.8, barcode: 0.5, print: 0.3, expiryOnly: 0.2 } as const;

interface BarcodeFacts {
  gtin: string | null;
  expiryDate: string | null;
  batchNumber: string | null;
  symbols: number;
}

/**
 * Reads a pack photo on the server:
 * 1. every barcode in it (a GTIN, or a GS1 DataMatrix/128 with the product,
 *    batch and expiry), the product matched to the catalogue by its code;
 * 2. the printed text (OCR), for the expiry date when no barcode carries it
 *    and, when the catalogue does not know the pack, its largest line as the name;
 * 3. with a vision model configured (OPENAI_VISION_MODEL), the model's reading
 *    of a pack the catalogue does not know: its name and description.
 * Nothing is invented: what none of them read stays empty.
 */
@Injectable()
export class PhotoRecogniser implements OnModuleDestroy {
  private readonly text = new PackTextReader();

  constructor(
    private readonly products: ProductQueries,
    @Inject(AI_JOBS) private readonly ai: AiJobs | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.text.close();
  }

  async recognise(image: Buffer, now = new Date()): Promise<PhotoRecognition> {
    let texts: string[];
    let regions: Region[];
    try {
      ({ texts, regions } = await readBarcodesIn(image));
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw unsupportedImage(error.message);
      throw error;
    }
    const barcode = barcodeFacts(texts, now);
    const product = barcode.gtin ? await this.byBarcode(barcode.gtin) : null;

    // The print is read unless the barcodes already said everything.
    const print = product && barcode.expiryDate ? null : await this.readPrint(image, regions);
    const printedDate = print ? printedExpiry(print.text) : null;
    const model = product ? null : await this.askModel(image, barcode.gtin, print?.text ?? '');
    const printedName = print ? largestLine(print.lines) : null;

    const drugName = product?.name ?? model?.drugName ?? printedName;
    const expiryDate = barcode.expiryDate ?? printedDate ?? model?.expiryDate ?? null;
    if (!barcode.gtin && !drugName && !expiryDate) {
      throw new DomainError(
        'NOTHING_RECOGNISED',
        barcode.symbols === 0
          ? 'Neither a barcode nor printed text could be read in the photo. Take it again closer to the pack, in good light, or enter the details by hand.'
          : 'The barcode in the photo does not carry a product number (GTIN) and no printed name or expiry date could be read. Enter the details by hand.',
      );
    }
    const confidence = product
      ? CONFIDENCE.catalogue
      : model?.drugName
        ? CONFIDENCE.model
        : barcode.gtin
          ? CONFIDENCE.barcode
          : drugName
            ? CONFIDENCE.print
            : CONFIDENCE.expiryOnly;
    return {
      success: true,
      message: summary({ product, gtin: barcode.gtin, model, printedName: !!printedName, expiryDate }),
      data: {
        drugName: drugName ?? null,
        confidence,
        expiryDate,
        suggestedProduct: {
          name: drugName ?? '',
          description: product?.description ?? model?.description ?? '',
          sku: product?.sku ?? barcode.gtin ?? '',
        },
        barcode: barcode.gtin,
        batchNumber: barcode.batchNumber,
        productId: product?.id ?? null,
      },
    };
  }

  private async byBarcode(gtin: string): Promise<Product | null> {
    const candidates = gtinCandidates(gtin);
    const [match] = await this.products.search(gtin, candidates, 'all', 1);
    return match && match.barcode && candidates.includes(match.barcode) ? match : null;
  }

  /** OCR that fails leaves the barcodes' answer standing; it is logged, not passed on as a failure of the photo. */
  private async readPrint(image: Buffer, barcodes: Region[]) {
    try {
      return await this.text.read(image, barcodes);
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'OCR of a pack photo failed');
      return null;
    }
  }

  /** The vision model's reading, when one is configured; a model that fails or is slow only leaves its part out. */
  private async askModel(image: Buffer, gtin: string | null, printedText: string): Promise<PhotoDescription | null> {
    if (!this.ai || !this.config.OPENAI_VISION_MODEL) return null;
    try {
      const jpeg = await sharp(image)
        .rotate()
        .resize({ width: VISION_SIDE, height: VISION_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer();
      return await this.ai.describePhoto({
        jpegBase64: jpeg.toString('base64'),
        clues: { barcode: gtin, printedText },
      });
    } catch (error) {
      this.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'the vision model did not describe a pack photo',
      );
      return null;
    }
  }
}

function barcodeFacts(texts: string[], now: Date): BarcodeFacts {
  const facts: BarcodeFacts = { gtin: null, expiryDate: null, batchNumber: null, symbols: texts.length };
  for (const text of texts) {
    let scan;
    try {
      scan = parseScan(text, now);
    } catch {
      continue; // a GS1 symbol with a malformed element: the others may still say enough
    }
    if (scan.kind === 'gtin') facts.gtin ??= scan.gtin;
    if (scan.kind === 'gs1') {
      facts.gtin ??= scan.gtin;
      facts.expiryDate ??= scan.data.expiryDate ?? null;
      facts.batchNumber ??= scan.data.batch ?? null;
    }
  }
  return facts;
}

/** Small print and labels are not a name. */
const NOT_A_NAME = /^(EXP|EXPIRY|MFG|MFD|LOT|BATCH|B\.? ?NO|USE BY|BEST BEFORE|GTIN|SN|REF|PRICE|STORE)\b/i;

/**
 * The product name as packs print it: the tallest line OCR read with
 * confidence, with at least three letters, that is not a label line.
 */
function largestLine(lines: PrintedLine[]): string | null {
  const named = lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter(
      (line) =>
        line.confidence >= 70 &&
        (line.text.match(/\p{L}/gu)?.length ?? 0) >= 3 &&
        line.text.length <= 80 &&
        !NOT_A_NAME.test(line.text),
    );
  if (named.length === 0) return null;
  return named.reduce((tallest, line) => (line.height > tallest.height ? line : tallest)).text;
}

function summary(found: {
  product: Product | null;
  gtin: string | null;
  model: PhotoDescription | null;
  printedName: boolean;
  expiryDate: string | null;
}): string {
  if (found.product) return `Recognised ${found.product.name} from its barcode.`;
  const read = [
    found.gtin ? 'the barcode (the product is not in the catalogue yet)' : null,
    found.model?.drugName ? 'the name, as the vision model read it' : null,
    !found.model?.drugName && found.printedName ? 'the name printed largest on the pack' : null,
    found.expiryDate ? 'the expiry date' : null,
  ].filter((part): part is string => part !== null);
  return `Read ${read.join(', ')}. Check the details before saving.`;
}
