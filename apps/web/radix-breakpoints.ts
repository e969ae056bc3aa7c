import type { AcceptedPlugin } from 'postcss';

/**
 * Radix Themes writes each responsive class once for every breakpoint: xs
 * (520px), sm (768px), md (1024px), lg (1280px) and xl (1640px). The app's
 * layouts change at xs, sm and md only (src/app/breakpoints.spec.ts holds every
 * responsive prop to that), so the lg and xl copies, about a sixth of the
 * stylesheet, are left out of the build.
 */
export const unusedBreakpoints = { lg: '(min-width: 1280px)', xl: '(min-width: 1640px)' } as const;

const unusedBreakpointMedia = new Set<string>(Object.values(unusedBreakpoints));

/** The PostCSS step that drops Radix Themes' lg and xl rules; the app's own stylesheets are left as written. */
export function dropUnusedRadixBreakpoints(): AcceptedPlugin {
  return {
    postcssPlugin: 'drop-unused-radix-breakpoints',
    AtRule: {
      media(atRule) {
        const file = atRule.source?.input.file ?? '';
        if (file.includes('/@radix-ui/themes/') && unusedBreakpointMedia.has(atRule.params)) atRule.remove();
      },
    },
  };
}
