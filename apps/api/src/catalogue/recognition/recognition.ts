import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, gtinCandidates, parseScan, printedExpiry } from '@pharmacy/domain';
import type { PhotoDescription } from '@pharmacy/assistant';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { AI_JOBS, type AiJobs } from '../../assistant/ai-jobs';
import { type AppConfig } from '../../config/config';
import { APP_CONFIG, LOGGER } from '../../infrastructure/tokens';
import type { PhotoRecognition, Product } from '@pharmacy/contracts';
import { ProductQueries } from '../product.queries';
import { type FoundSymbol, readBarcodesIn, type Region, UnsupportedImageError } from './barcode-reader';
import { PackTextReader, type PrintedLine } from './text-reader';

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const unsupportedImage = (detail?: string) =>
  new DomainError('UNSUPPORTED_IMAGE', `${detail ? `${detail} ` : ''}Upload a JPEG, PNG or WebP photo of the pack.`);

/** Longest side of the copy a vision model is sent: enough to read a pack, small enough for a job. */
const VISION_SIDE = 1024;

/** How sure the answer is, by where its name came from (the contract's `confidence`). */
const CONFIDENCE = { catalogue: 1, model: 0.8, barcode: 0.5, print: 0.3, expiryOnly: 0.2 } as const;

type Choice = NonNullable<PhotoRecognition['data']['chosenBecause']>;

/** A product the photo's barcodes name, with the batch and expiry of one symbol that names it. */
interface PackBarcodes {
  gtin: string;
  /** The symbology of the symbol the batch and expiry come from, else of the first that names the product. */
  format: string;
  expiryDate: string | null;
  batchNumber: string | null;
  /** The area of its symbols, as a share of the photo. */
  area: number;
  /** When its first symbol was read, among the photo's. */
  order: number;
}

interface Candidate {
  pack: PackBarcodes;
  product: Product | null;
}

const carriesFacts = (pack: PackBarcodes) => pack.expiryDate !== null || pack.batchNumber !== null;

/**
 * Of several products in one photo, the one answered: the first criterion that tells two apart decides,
 * and is the reason given. A symbol counts as larger only when it is clearly so (a fifth), not by noise.
 */
const CHOICE: ReadonlyArray<readonly [Choice, (a: Candidate, b: Candidate) => number]> = [
  ['inCatalogue', (a, b) => Number(b.product !== null) - Number(a.product !== null)],
  ['carriesExpiry', (a, b) => Number(carriesFacts(b.pack)) - Number(carriesFacts(a.pack))],
  ['largestSymbol', (a, b) => (b.pack.area > 1.2 * a.pack.area ? 1 : a.pack.area > 1.2 * b.pack.area ? -1 : 0)],
  ['readFirst', (a, b) => a.pack.order - b.pack.order],
];

const CHOICE_REASON: Record<Exclude<Choice, 'onlyProduct'>, string> = {
  inCatalogue: 'the only one in the catalogue',
  carriesExpiry: 'whose barcode carries its expiry date or batch',
  largestSymbol: 'whose barcode is the largest in the photo',
  readFirst: 'whose barcode was read first',
};

/**
 * Reads a pack photo on the server:
 * 1. every barcode in it (a GTIN, or a GS1 DataMatrix/128/QR or Digital Link with
 *    the product, batch and expiry), each product matched to the catalogue by its
 *    code. A batch and an expiry date belong to the product of the symbol that
 *    carries them, never to another pack in the same photo; when the photo shows
 *    several products, one is answered (CHOICE says which and why) and the others
 *    are listed beside it;
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
    let symbols: FoundSymbol[];
    try {
      ({ symbols } = await readBarcodesIn(image));
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw unsupportedImage(error.message);
      throw error;
    }
    const { packs, loose } = barcodesIn(symbols, now);
    const candidates = await Promise.all(
      packs.map(async (pack): Promise<Candidate> => ({ pack, product: await this.byBarcode(pack.gtin) })),
    );
    const ranked = [...candidates].sort((a, b) => {
      for (const [, compare] of CHOICE) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return 0;
    });
    const [chosen, runnerUp] = ranked;
    const choice: Choice | null = !chosen
      ? null
      : !runnerUp
        ? 'onlyProduct'
        : (CHOICE.find(([, compare]) => compare(chosen, runnerUp) !== 0)?.[0] ?? 'readFirst');
    const product = chosen?.product ?? null;
    const gtin = chosen?.pack.gtin ?? null;
    // A GS1 symbol naming no product (only batch and expiry) is used only when no symbol names one.
    const barcode = chosen ? chosen.pack : (loose ?? { expiryDate: null, batchNumber: null });

    // The print is read unless the barcodes already said everything.
    const print =
      product && barcode.expiryDate
        ? null
        : await this.readPrint(
            image,
            symbols.map((symbol) => symbol.region),
          );
    const printedDate = print ? printedExpiry(print.text) : null;
    const model = product ? null : await this.askModel(image, gtin, print?.text ?? '');
    const printedName = print ? largestLine(print.lines) : null;

    const drugName = product?.name ?? model?.drugName ?? printedName;
    const expiryDate = barcode.expiryDate ?? printedDate ?? model?.expiryDate ?? null;
    if (!gtin && !drugName && !expiryDate) {
      throw new DomainError(
        'NOTHING_RECOGNISED',
        symbols.length === 0
          ? 'Neither a barcode nor printed text could be read in the photo. Take it again closer to the pack, in good light, or enter the details by hand.'
          : 'The barcode in the photo does not carry a product number (GTIN) and no printed name or expiry date could be read. Enter the details by hand.',
      );
    }
    const confidence = product
      ? CONFIDENCE.catalogue
      : model?.drugName
        ? CONFIDENCE.model
        : gtin
          ? CONFIDENCE.barcode
          : drugName
            ? CONFIDENCE.print
            : CONFIDENCE.expiryOnly;
    const others = ranked.slice(1);
    return {
      success: true,
      message: [
        summary({ product, gtin, model, printedName: !!printedName, expiryDate }),
        chosen && choice && choice !== 'onlyProduct' ? several(ranked.length, chosen, CHOICE_REASON[choice]) : null,
      ]
        .filter((part): part is string => part !== null)
        .join(' '),
      data: {
        drugName: drugName ?? null,
        confidence,
        expiryDate,
        suggestedProduct: {
          name: drugName ?? '',
          description: product?.description ?? model?.description ?? '',
          sku: product?.sku ?? gtin ?? '',
        },
        barcode: gtin,
        batchNumber: barcode.batchNumber,
        productId: product?.id ?? null,
        barcodeFormat: chosen?.pack.format ?? null,
        chosenBecause: choice,
        otherProducts: others.map(({ pack, product: known }) => ({
          barcode: pack.gtin,
          barcodeFormat: pack.format,
          productId: known?.id ?? null,
          name: known?.name ?? null,
          expiryDate: pack.expiryDate,
          batchNumber: pack.batchNumber,
        })),
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

/**
 * The products the symbols name, in the order they were read, each with the batch and expiry of one of its
 * own symbols (the first that carries any: two of its GS1 symbols are never mixed either); and the batch and
 * expiry of a GS1 symbol that names no product.
 */
function barcodesIn(
  symbols: readonly FoundSymbol[],
  now: Date,
): { packs: PackBarcodes[]; loose: Pick<PackBarcodes, 'expiryDate' | 'batchNumber'> | null } {
  const packs = new Map<string, PackBarcodes>();
  let loose: Pick<PackBarcodes, 'expiryDate' | 'batchNumber'> | null = null;
  symbols.forEach((symbol, order) => {
    let scan;
    try {
      scan = parseScan(symbol.text, now);
    } catch {
      return; // a GS1 symbol with a malformed element: the others may still say enough
    }
    if (scan.kind === 'text') return; // a SKU, a web address, a plain Code 128: no product code
    const facts =
      scan.kind === 'gs1'
        ? { expiryDate: scan.data.expiryDate ?? null, batchNumber: scan.data.batch ?? null }
        : { expiryDate: null, batchNumber: null };
    const carries = facts.expiryDate !== null || facts.batchNumber !== null;
    if (scan.gtin === null) {
      if (carries) loose ??= facts;
      return;
    }
    const area = symbol.region.width * symbol.region.height;
    const pack = packs.get(scan.gtin);
    if (pack === undefined) {
      packs.set(scan.gtin, { gtin: scan.gtin, format: symbol.format, ...facts, area, order });
      return;
    }
    pack.area += area;
    if (carries && !carriesFacts(pack)) Object.assign(pack, { format: symbol.format, ...facts });
  });
  return { packs: [...packs.values()], loose };
}

function several(count: number, chosen: Candidate, reason: string): string {
  const named = chosen.product ? `${chosen.product.name} (${chosen.pack.gtin})` : `the product ${chosen.pack.gtin}`;
  return (
    `The photo shows ${count} products: this answer is about ${named}, ${reason}; ` +
    `the ${count === 2 ? 'other is' : 'others are'} listed apart. Photograph one pack at a time to be sure.`
  );
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
