import bwipjs from 'bwip-js/node';
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PNG } from 'pngjs';

// Fake camera videos for Chromium: a barcode drawn by bwip-js (the Barcode Writer in Pure PostScript, so the
// symbols are made by a different implementation than the zxing decoder under test), centred on white,
// written as an uncompressed Y4M file that Chromium plays in a loop as the camera with
// --use-file-for-fake-video-capture.

export type Symbology = 'ean13' | 'code128' | 'gs1datamatrix' | 'gs1qrcode' | 'qrcode' | 'datamatrix';

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 480;
const FRAMES = 10;
const FPS = 10;

/** An RGBA image, 4 bytes a pixel, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

type RawSymbol =
  | { sbs: number[]; bhs: number[]; bbs: number[] }
  | { pixs: number[]; pixx: number; pixy: number; height: number; width: number };

/**
 * One video frame: the barcode in black on white, centred. Linear symbols fill about 70 % of the width
 * (whole pixels per module, no human-readable text), 2D symbols about 45 % of the height — inside the
 * scanner's viewfinder.
 * GS1 symbologies take the parenthesised form, e.g. `(01)09501101530003(17)271231(10)LOT-42`.
 *
 * bwip-js's `raw` gives the modules themselves (bar/space widths, or the module matrix) synchronously;
 * drawing them here keeps every edge on a pixel boundary.
 */
export function barcodeFrame(symbology: Symbology, text: string): RgbaImage {
  const width = VIDEO_WIDTH;
  const height = VIDEO_HEIGHT;
  const data = new Uint8Array(width * height * 4).fill(255);
  const black = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y += 1) {
      for (let x = x0; x < x0 + w; x += 1) {
        const at = (y * width + x) * 4;
        data[at] = 0;
        data[at + 1] = 0;
        data[at + 2] = 0;
      }
    }
  };

  const [symbol] = bwipjs.raw(symbology, text, {}) as RawSymbol[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${symbology} ${text}`);
  if ('sbs' in symbol) {
    const modules = symbol.sbs.reduce((sum, count) => sum + count, 0);
    const module = Math.max(1, Math.floor((width * 0.7) / modules));
    const barHeight = Math.round(height * 0.35);
    let x = Math.round((width - modules * module) / 2);
    const y = Math.round((height - barHeight) / 2);
    // Bar, space, bar, space… starting with a bar.
    symbol.sbs.forEach((count, index) => {
      if (index % 2 === 0) black(x, y, count * module, barHeight);
      x += count * module;
    });
  } else {
    const module = Math.max(1, Math.floor((height * 0.45) / Math.max(symbol.pixx, symbol.pixy)));
    const x0 = Math.round((width - symbol.pixx * module) / 2);
    const y0 = Math.round((height - symbol.pixy * module) / 2);
    for (let row = 0; row < symbol.pixy; row += 1) {
      for (let column = 0; column < symbol.pixx; column += 1) {
        if (symbol.pixs[row * symbol.pixx + column]) black(x0 + column * module, y0 + row * module, module, module);
      }
    }
  }
  return { width, height, data };
}

/**
 * RGBA to I420 (planar 4:2:0) with the BT.601 limited-range ("studio swing") matrix: Y 16–235 at full
 * resolution, then U and V 16–240 from the average of each 2×2 block. Width and height must be even.
 */
export function rgbaToI420({ width, height, data }: RgbaImage): Uint8Array {
  const out = new Uint8Array((width * height * 3) / 2);
  const chroma = (width / 2) * (height / 2);
  const uStart = width * height;
  const vStart = uStart + chroma;
  const channel = (x: number, y: number, offset: number) => data[(y * width + x) * 4 + offset] ?? 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const r = channel(x, y, 0);
      const g = channel(x, y, 1);
      const b = channel(x, y, 2);
      out[y * width + x] = ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16;
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        r += channel(x + dx, y + dy, 0);
        g += channel(x + dx, y + dy, 1);
        b += channel(x + dx, y + dy, 2);
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const at = (y / 2) * (width / 2) + x / 2;
      out[uStart + at] = clamp(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128);
      out[vStart + at] = clamp(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128);
    }
  }
  return out;
}

function clamp(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

/**
 * Writes a Y4M video (I420, 640x480, 10 frames at 10 fps, the barcode centred on white) that shows `text`
 * encoded as `symbology`, for Chromium's --use-file-for-fake-video-capture. Returns the file path.
 * GS1 symbologies take the parenthesised form, e.g. `(01)09501101530003(17)271231(10)LOT-42`.
 */
export function writeBarcodeVideo(file: string, symbology: Symbology, text: string): string {
  const frame = rgbaToI420(barcodeFrame(symbology, text));
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
    for (let index = 0; index < FRAMES; index += 1) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, frame);
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

/** The same picture as a PNG, to look at what the fake camera shows. Returns the file path. */
export function writeBarcodePng(file: string, symbology: Symbology, text: string): string {
  const { width, height, data } = barcodeFrame(symbology, text);
  const png = new PNG({ width, height });
  png.data = Buffer.from(data);
  mkdirSync(dirname(file), { recursive: true });
  // No adaptive row filters: they take seconds under Jest and gain nothing on a black-and-white picture.
  writeFileSync(file, PNG.sync.write(png, { filterType: 0 }));
  return file;
}

/** Chromium flags that replace the camera with `file` and grant camera access without a prompt. */
export function chromiumFakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
