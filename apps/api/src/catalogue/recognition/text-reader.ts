import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { Region } from './barcode-reader';

/** Longest side the photo is read at: print on a pack stays legible, and OCR time stays near a second. */
const OCR_SIDE = 1600;

/** A line of print as OCR read it: its height in pixels tells a product name from the small print. */
export interface PrintedLine {
  text: string;
  height: number;
  /** Tesseract's own confidence, 0 to 100. */
  confidence: number;
}

export interface PrintedText {
  text: string;
  lines: PrintedLine[];
}

/**
 * The printed text of a pack photo, read with Tesseract (tesseract.js, its
 * WebAssembly core and English data from npm packages: nothing is fetched at
 * run time, so an offline pharmacy reads photos too).
 *
 * One Tesseract worker per process, made on first use and kept: loading the
 * language data takes about half a second, a photo then about one. Tesseract
 * reads one image at a time; photos arriving together wait their turn.
 */
export class PackTextReader {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  /** `hide`: the barcodes already read, painted over so their bars are not read as letters. */
  read(image: Buffer, hide: Region[] = []): Promise<PrintedText> {
    const turn = this.queue.then(() => this.recognise(image, hide));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }

  private async recognise(image: Buffer, hide: Region[]): Promise<PrintedText> {
    // Upright, at a size Tesseract reads well, the barcodes painted over, grey.
    const { data: upright, info } = await sharp(image)
      .rotate()
      .resize({ width: OCR_SIDE, height: OCR_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    const patches = hide.map((region) => {
      const width = Math.max(1, Math.round(region.width * info.width));
      const height = Math.max(1, Math.round(region.height * info.height));
      return {
        input: { create: { width, height, channels: 3 as const, background: '#ffffff' } },
        left: Math.round(region.left * info.width),
        top: Math.round(region.top * info.height),
      };
    });
    // sharp composites last in a pipeline, so the patches go on first, in a pipeline of their own.
    const patched = patches.length > 0 ? await sharp(upright).composite(patches).png().toBuffer() : upright;
    // No contrast stretch: on a pale pack it turns the background dark; Tesseract binarises by itself.
    const prepared = await sharp(patched).greyscale().png().toBuffer();
    const worker = await this.started();
    const { data } = await worker.recognize(prepared, {}, { text: true, blocks: true });
    const lines = (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => ({
          text: line.text.trim(),
          height: line.bbox.y1 - line.bbox.y0,
          confidence: line.confidence,
        })),
      ),
    );
    return { text: data.text, lines: lines.filter((line) => line.text !== '') };
  }

  private started(): Promise<Worker> {
    this.worker ??= (async () => {
      // Tesseract's automatic page layout: it also reads light print on a dark band, which sparse mode misses.
      return createWorker('eng', OEM.LSTM_ONLY, {
        langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
        gzip: true,
        cacheMethod: 'none',
      });
    })();
    // A failed start is not kept: the next photo tries again.
    this.worker.catch(() => {
      this.worker = null;
    });
    return this.worker;
  }
}
