import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AcceptedPlugin } from 'postcss';

/**
 * Radix Themes' components.css styles all of its components; the app uses
 * about half of them. The build keeps the rules of the components it uses and
 * drops the others' (issue 13: about a third of the stylesheet).
 *
 * "Used" is read from the code, not kept by hand: every name the app imports
 * from `@radix-ui/themes`, then that component's module in the package and
 * every module it imports, collecting the `rt-…` component classes they
 * write. A component used inside another (the select's scroll area, the
 * dialog's theme) is found that way too.
 */

/** A component class: `rt-` and a capital (the lower-case `rt-r-…`, `rt-variant-…` are modifiers, kept). */
const componentClass = /\brt-[A-Z][A-Za-z]*/g;

/** Names the source files import from `@radix-ui/themes` (`Link as TextLink` counts as Link). */
export function importedRadixNames(srcDir: string): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@radix-ui\/themes'/g)) {
          for (const specifier of match[1]!.split(',')) {
            const name = specifier
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0];
            if (name && !specifier.trim().startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  visit(srcDir);
  return names;
}

/**
 * The component classes the app's Radix components and the modules they
 * import write, with the app's own. `radixDir`: the installed package's folder.
 */
export function usedRadixClasses(srcDir: string, radixDir: string): Set<string> {
  const componentsDir = join(radixDir, 'dist/esm/components');
  const classes = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(componentClass)) classes.add(match[0]);
    for (const match of code.matchAll(/(?:from|import)\s*"(\.[^"]+\.js)"/g)) visit(resolve(dirname(file), match[1]!));
  };
  for (const name of importedRadixNames(srcDir)) {
    const file = join(componentsDir, `${name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase()}.js`);
    // A name with no module of its own would be missed: the build stops rather than drop its styles.
    if (!existsSync(file)) throw new Error(`No Radix Themes module for ${name} (expected ${file})`);
    visit(file);
  }
  // Classes the app writes itself (a class name given to a Radix part, a selector in its own CSS).
  const visitApp = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visitApp(path);
      else if (/\.(tsx?|css)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(componentClass)) classes.add(match[0]);
      }
    }
  };
  visitApp(srcDir);
  return classes;
}

/** The PostCSS step that drops components.css selectors naming a component class the app never renders. */
export function dropUnusedRadixComponents(srcDir: string, radixDir: string): AcceptedPlugin {
  let used: Set<string> | undefined;
  return {
    postcssPlugin: 'drop-unused-radix-components',
    Rule(rule) {
      const file = rule.source?.input.file ?? '';
      if (!file.includes('/@radix-ui/themes/') || !file.endsWith('components.css')) return;
      used ??= usedRadixClasses(srcDir, radixDir);
      const kept = rule.selectors.filter((selector) =>
        [...selector.matchAll(componentClass)].every((match) => used!.has(match[0])),
      );
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    },
  };
}
