import Module from 'node:module';
import { join } from 'node:path';

/**
 * Jest loads globalSetup with plain Node resolution (no moduleNameMapper):
 * `@pharmacy/<name>` would reach a package's built `dist`, which a test run
 * does not build. This points those names at their sources (as tsconfig's
 * paths do), for the modules global setup loads: the template database is
 * prepared by the same code as the product's (`prepareReadDatabase`).
 */
const root = join(__dirname, '../..');
const resolver = Module as unknown as {
  _resolveFilename(request: string, ...rest: unknown[]): string;
};
const resolve = resolver._resolveFilename.bind(Module);
resolver._resolveFilename = (request: string, ...rest: unknown[]): string => {
  const named = /^@pharmacy\/([a-z-]+)$/.exec(request);
  if (named && named[1] !== 'test-harness') {
    const folder = named[1] === 'projections' ? 'projections' : join('libs', named[1]!);
    return resolve(join(root, folder, 'src/index.ts'), ...rest);
  }
  return resolve(request, ...rest);
};
