import type { AcceptedPlugin, AtRule, Rule } from 'postcss';

/**
 * What the app draws of Radix Themes' colours, and what the build leaves out of
 * the stylesheet because nothing would ever match or show it (issue 13: about
 * 4.7 KB of the first load gzipped, docs/benchmarks.md):
 *
 * - the dark appearance: the root `<Theme>` is always `appearance="light"`
 *   (src/app/appearance.spec.ts holds it), so the rules for `.dark` and
 *   `.dark-theme` — every colour scale again — never match;
 * - the wide-gamut (display-p3) copies of the scales: the app draws them in
 *   sRGB on every screen, so a status badge or a chart is the same colour on a
 *   phone, a laptop and a printed screenshot.
 */

/** A selector that matches only inside the dark appearance (one that excludes it, `:not(.dark)`, matches in light too). */
export function onlyInDark(selector: string): boolean {
  return /\.dark(-theme)?\b/.test(selector) && !/:not\([^)]*\.dark/.test(selector);
}

function dropDarkSelectors(rule: Rule): void {
  if (!/\.dark/.test(rule.selector)) return;
  const kept = rule.selectors.filter((selector) => !onlyInDark(selector));
  if (kept.length === 0) rule.remove();
  else rule.selectors = kept;
}

const fromRadix = (node: Rule | AtRule) => (node.source?.input.file ?? '').includes('/@radix-ui/themes/');

/** The PostCSS step that drops those rules from Radix Themes' stylesheets; the app's own are left as written. */
export function lightSrgbColorsOnly(): AcceptedPlugin {
  return {
    postcssPlugin: 'radix-light-srgb-colors-only',
    Rule(rule) {
      if (fromRadix(rule)) dropDarkSelectors(rule);
    },
    AtRule: {
      media(atRule) {
        if (fromRadix(atRule) && /color-gamut:\s*p3/.test(atRule.params)) atRule.remove();
      },
    },
    AtRuleExit(atRule) {
      // A query (the display-p3 support test around the gamut's) left with no rule inside says nothing.
      if (fromRadix(atRule) && atRule.nodes?.length === 0) atRule.remove();
    },
  };
}
