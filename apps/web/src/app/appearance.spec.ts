import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import postcss from 'postcss';
import { lightSrgbColorsOnly, onlyInDark } from '../../radix-appearance';
import { sourceFiles } from '../test/source-files';

const srcDir = join(__dirname, '..');
const radixDir = dirname(require.resolve('@radix-ui/themes/package.json'));

/** The build leaves Radix Themes' dark appearance and wide-gamut colours out of the stylesheet (radix-appearance.ts). */
describe('light colours in sRGB only', () => {
  it('is the only appearance the app asks Radix Themes for', () => {
    const appearances = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bappearance=\{?\s*(['"]?)([\w-]*)\1/g)].map(
        (match) => `${relative(srcDir, file)}: ${match[2]}`,
      ),
    );
    expect(appearances).toEqual(['app/providers.tsx: light']);
  });

  it('tells the selectors that match only in the dark appearance', () => {
    expect(onlyInDark('.dark, .dark-theme')).toBe(true);
    expect(onlyInDark(':is(.dark, .dark-theme) :where(.radix-themes:not(.light, .light-theme))')).toBe(true);
    expect(onlyInDark('.radix-themes:where(.dark, .dark-theme)')).toBe(true);
    expect(onlyInDark(':root, .light, .light-theme')).toBe(false);
    expect(onlyInDark(':root:where(:not(.dark, .dark-theme))')).toBe(false);
    expect(onlyInDark('.rt-darkened')).toBe(false);
  });

  it("drops Radix Themes' dark rules, its display-p3 scales and the queries they leave empty, and nothing from the app's CSS", async () => {
    const css = [
      ':root, .light, .light-theme { --teal-1: #fafefd }',
      '.dark, .dark-theme { --teal-1: #0d1514 }',
      '@supports (color: color(display-p3 1 1 1)) { @media (color-gamut: p3) { :root { --teal-1: color(display-p3 0.98 0.995 0.992) } } }',
      '.radix-themes:where(.dark, .dark-theme), .radix-themes { color-scheme: light }',
      '@media (min-width: 520px) { .rt-r-gap-2 { gap: 8px } }',
    ].join('\n');
    const fromRadix = await postcss([lightSrgbColorsOnly()]).process(css, {
      from: join(radixDir, 'tokens/colors/teal.css'),
    });
    expect(fromRadix.css).not.toContain('dark');
    expect(fromRadix.css).not.toContain('p3');
    expect(fromRadix.css).toContain(':root, .light, .light-theme { --teal-1: #fafefd }');
    expect(fromRadix.css).toContain('.radix-themes { color-scheme: light }');
    expect(fromRadix.css).toContain('@media (min-width: 520px) { .rt-r-gap-2 { gap: 8px } }');
    const fromApp = await postcss([lightSrgbColorsOnly()]).process(css, { from: join(srcDir, 'styles.css') });
    expect(fromApp.css).toBe(css);
  });
});
