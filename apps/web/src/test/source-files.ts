import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The app's own source files under `dir`: TypeScript, without the tests, their helpers (`test/`) and generated files. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts')
      ? [path]
      : [];
  });
}
