import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { screenshot } from './support';

// Shared by the accessibility specs (issue 30): axe-core in the page with the rules tagged wcag2a, wcag2aa,
// wcag21a, wcag21aa; what it finds kept per page view, serious and critical findings failing, and a table
// of every view printed at the end.

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const TARGETS_SHOWN = 3;

interface Finding {
  rule: string;
  impact: string;
  nodes: number;
  /** The first few elements, each with axe's summary of what is wrong with it. */
  targets: { target: string; summary: string }[];
}

/**
 * axe-core as @axe-core/playwright injects it, plus one change: axe leaves out of color-contrast any text whose
 * font it takes for an icon-ligature font, by drawing the text's first letter alone and then the whole text and
 * comparing. Arabic letters join, so the two never agree: after three such texts, all of Noto Sans Arabic counted
 * as icons and most Arabic text went unchecked (in the baseline, Arabic badges passed that failed in English).
 * The app draws its icons as SVG, so before color-contrast's own test every font is marked as seen, with no ligatures.
 */
export const axeSource = `${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({ rules: [{ id: 'color-contrast', matches: String(function (node, virtualNode) {
  var fonts = axe._cache.get('fonts', function () { return {}; });
  var family = window.getComputedStyle(node).getPropertyValue('font-family');
  if (!fonts[family]) fonts[family] = { occurrences: 3, numLigatures: 0 };
  return axe._thisWillBeDeletedDoNotUse.base.metadataFunctionMap['color-contrast-matches'](node, virtualNode);
}) }] });`;

/**
 * Whether the page's `expression` (a string: these files are compiled without the DOM's types) comes true
 * within `timeoutMs`, asked every 50 ms. Not page.waitForFunction: given a string, it evaluates it with the
 * page's eval, which the app's Content Security Policy refuses (no 'unsafe-eval'), so it fails at once.
 */
export async function until(page: Page, expression: string, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate<boolean>(`!!(${expression})`)) return true;
    if (Date.now() >= end) return false;
    await page.waitForTimeout(50);
  }
}

/** Lets the page finish loading: no skeleton rows or spinners left, the network quiet (both bounded). */
export async function settle(page: Page): Promise<void> {
  await until(
    page,
    `document.querySelectorAll('.rt-Skeleton, .rt-Spinner, [role="status"][aria-busy="true"]').length === 0`,
    15_000,
  );
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate('document.fonts.ready');
  // Radix animates dialogs and toasts in; the colours axe reads are the final ones after that.
  await page.waitForTimeout(400);
}

export interface AxeRecorder {
  /**
   * Runs axe on the page as it is, keeps its serious and critical findings under `view`, and takes its
   * picture (test/browser/output/a11y-<picture>.png; what is on screen only with `viewportOnly`, for a dialog).
   */
  check(page: Page, view: string, picture: string, options?: { viewportOnly?: boolean }): Promise<void>;
  /** What the developer reads when the test fails: per page view, each rule with its elements ('' if none). */
  report(views: string[]): string;
  /** The table printed after the run: per page view, the serious and critical elements and contrast to review. */
  summary(): string | null;
}

export function axeRecorder(): AxeRecorder {
  /** Page view ('en /inventory') → its serious and critical findings, in the order visited. */
  const results = new Map<string, Finding[]>();
  /**
   * Page view → the elements whose contrast axe could not decide ("incomplete", to review by eye), by its
   * reason (e.g. bgOverlap, pseudoContent). They do not fail the test; the table shows them so a blind spot shows.
   */
  const undecided = new Map<string, Record<string, number>>();

  return {
    async check(page, view, picture, { viewportOnly = false } = {}) {
      await settle(page);
      await page.mouse.move(0, 0);
      const { violations, incomplete, passes } = await new AxeBuilder({ page, axeSource })
        .withTags(WCAG_TAGS)
        .analyze();
      const reasons: Record<string, number> = {};
      for (const node of incomplete.find((result) => result.id === 'color-contrast')?.nodes ?? []) {
        const reason = String((node.any[0]?.data as { messageKey?: string } | null)?.messageKey ?? 'unknown');
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      // Text axe takes as not on screen passes unmeasured: counted too, so a page that hides it from axe shows.
      const unmeasured = (passes.find((result) => result.id === 'color-contrast')?.nodes ?? []).filter(
        (node) => (node.any[0]?.data as { messageKey?: string } | null)?.messageKey === 'hidden',
      ).length;
      if (unmeasured > 0) reasons['passed as hidden'] = unmeasured;
      undecided.set(view, reasons);
      results.set(
        view,
        violations
          .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
          .map((violation) => ({
            rule: violation.id,
            impact: violation.impact ?? '',
            nodes: violation.nodes.length,
            targets: violation.nodes.slice(0, TARGETS_SHOWN).map((node) => ({
              target: node.target.join(' '),
              summary: (node.failureSummary ?? violation.help)
                .replace(/\s+/g, ' ')
                .replace(/^Fix any of the following: /, ''),
            })),
          })),
      );
      if (!viewportOnly) await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, `a11y-${picture}`, { viewportOnly });
    },

    report(views) {
      return views
        .filter((view) => (results.get(view) ?? []).length > 0)
        .map((view) =>
          [
            `${view}:`,
            ...results
              .get(view)!
              .map(
                (finding) =>
                  `  ${finding.rule} (${finding.impact}, ${finding.nodes} element${finding.nodes === 1 ? '' : 's'})` +
                  finding.targets.map(({ target, summary }) => `\n    ${target}\n      ${summary}`).join('') +
                  (finding.nodes > TARGETS_SHOWN ? `\n    … and ${finding.nodes - TARGETS_SHOWN} more` : ''),
              ),
          ].join('\n'),
        )
        .join('\n');
    },

    summary() {
      if (results.size === 0) return null;
      const width = Math.max(...[...results.keys()].map((view) => view.length));
      const lines = [...results].map(([view, findings]) => {
        const count = (impact: string) =>
          findings.filter((finding) => finding.impact === impact).reduce((sum, finding) => sum + finding.nodes, 0);
        const review = Object.entries(undecided.get(view) ?? {})
          .map(([reason, elements]) => `${reason} ${elements}`)
          .join(', ');
        return (
          `${view.padEnd(width)}  serious ${String(count('serious')).padStart(3)}  critical ${String(count('critical')).padStart(3)}` +
          (review ? `  contrast to review: ${review}` : '')
        );
      });
      const clean = [...results.values()].filter((findings) => findings.length === 0).length;
      return `Accessibility (axe, ${WCAG_TAGS.join(', ')}): ${clean} of ${results.size} page views clean\n${lines.join('\n')}`;
    },
  };
}
