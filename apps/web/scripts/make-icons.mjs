// Draws the app's PNG icons (public/icons) from their SVG sources, for the web
// app manifest and home screens that want bitmaps. Run after changing an SVG:
//   node apps/web/scripts/make-icons.mjs
// The PNGs are committed, so the build itself needs nothing but Vite.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));

const outputs = [
  { source: 'icon.svg', size: 192, name: 'icon-192.png' },
  { source: 'icon.svg', size: 512, name: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 512, name: 'icon-maskable-512.png' },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed artwork suits it.
  { source: 'icon-maskable.svg', size: 180, name: 'apple-touch-icon.png' },
];

for (const { source, size, name } of outputs) {
  await sharp(`${icons}${source}`, { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${icons}${name}`);
  console.log(`public/icons/${name} (${size}×${size})`);
}
