import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unusedBreakpoints } from '../../radix-breakpoints';

const srcDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('responsive props', () => {
  // The build leaves out Radix Themes' rules for the other breakpoints (radix-breakpoints.ts).
  it(`never change at the breakpoints the stylesheet leaves out (${Object.keys(unusedBreakpoints).join(', ')})`, () => {
    const others = new RegExp(`\\b(${Object.keys(unusedBreakpoints).join('|')})\\s*:`, 'g');
    const uses = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(others)].map((match) => `${relative(srcDir, file)}: ${match[0]}`),
    );
    expect(uses).toEqual([]);
  });
});
