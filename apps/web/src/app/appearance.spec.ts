import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import postcss from 'postcss';
import { srgbColorsOnly } from '../../radix-appearance';
import { sourceFiles } from '../test/source-files';

const srcDir = join(__dirname, '..');
const radixDir = dirname(require.resolve('@radix-ui/themes/package.json'));

/** The theme follows each person's choice of appearance; the build leaves Radix Themes' wide-gamut colours out (radix-appearance.ts). */
describe('appearances and sRGB colours', () => {
  it("asks Radix Themes for the person's appearance in one place only", () => {
    const appearances = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bappearance=\{?\s*(['"]?)([\w-]*)\1/g)].map(
        (match) => `${relative(srcDir, file)}: ${match[2]}`,
      ),
    );
    expect(appearances).toEqual(['app/providers.tsx: appearance']);
  });

  it("drops Radix Themes' display-p3 scales and the queries they leave empty, keeps both appearances, and nothing from the app's CSS", async () => {
    const css = [
      ':root, .light, .light-theme { --teal-1: #fafefd }',
      '.dark, .dark-theme { --teal-1: #0d1514 }',
      '@supports (color: color(display-p3 1 1 1)) { @media (color-gamut: p3) { :root { --teal-1: color(display-p3 0.98 0.995 0.992) } } }',
      '.radix-themes:where(.dark, .dark-theme), .radix-themes { color-scheme: light }',
      '@media (min-width: 520px) { .rt-r-gap-2 { gap: 8px } }',
    ].join('\n');
    const fromRadix = await postcss([srgbColorsOnly()]).process(css, {
      from: join(radixDir, 'tokens/colors/teal.css'),
    });
    expect(fromRadix.css).not.toContain('p3');
    expect(fromRadix.css).toContain(':root, .light, .light-theme { --teal-1: #fafefd }');
    expect(fromRadix.css).toContain('.dark, .dark-theme { --teal-1: #0d1514 }');
    expect(fromRadix.css).toContain('.radix-themes:where(.dark, .dark-theme), .radix-themes { color-scheme: light }');
    expect(fromRadix.css).toContain('@media (min-width: 520px) { .rt-r-gap-2 { gap: 8px } }');
    const fromApp = await postcss([srgbColorsOnly()]).process(css, { from: join(srcDir, 'styles.css') });
    expect(fromApp.css).toBe(css);
  });
});
