import type { AcceptedPlugin, AtRule } from 'postcss';

/**
 * What the build leaves out of Radix Themes' colours: the wide-gamut (display-p3) copies of the
 * scales. The app draws them in sRGB on every screen, so a status badge or a chart is the same
 * colour on a phone, a laptop and a printed screenshot, and the contrast measured (issue 30,
 * styles.css) is the contrast shown. Both appearances stay: the light one is the default and the
 * dark one a choice each person makes (src/theme/appearance.ts).
 */
const fromRadix = (node: AtRule) => (node.source?.input.file ?? '').includes('/@radix-ui/themes/');

/** The PostCSS step that drops those rules from Radix Themes' stylesheets; the app's own are left as written. */
export function srgbColorsOnly(): AcceptedPlugin {
  return {
    postcssPlugin: 'radix-srgb-colors-only',
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
