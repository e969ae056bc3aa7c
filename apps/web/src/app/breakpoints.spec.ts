import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unusedBreakpoints } from '../../radix-breakpoints';
import { sourceFiles } from '../test/source-files';

const srcDir = join(__dirname, '..');

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
