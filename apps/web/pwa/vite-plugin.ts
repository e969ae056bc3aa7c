import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { precacheManifest, type BuiltFile, type PrecacheManifest } from './precache';

async function filesUnder(dir: string): Promise<BuiltFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path: relative(dir, path).split(sep).join('/'), content: await readFile(path) };
      }),
  );
}

/** The worker bundled into one classic script (service workers load those everywhere), with its precache list. */
async function compileWorker(entry: string, manifest: PrecacheManifest): Promise<string> {
  const output = await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    define: { __PRECACHE__: JSON.stringify(manifest) },
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk' && file.isEntry);
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error(`the service worker (${entry}) was not built`);
}

/**
 * Writes `sw.js` into the build's output folder once the app is written: the
 * worker (`entry`) with the list of files to cache ahead of use and a version
 * made from them (see precache.ts). Builds only; `vite dev` has no worker.
 */
export function serviceWorker({ entry }: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pharmacy:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? config.build.outDir;
      const built = Object.values(bundle).map((file) => ({
        path: file.fileName,
        content: file.type === 'chunk' ? file.code : file.source,
      }));
      const publicFiles = config.publicDir && config.build.copyPublicDir ? await filesUnder(config.publicDir) : [];
      const manifest = precacheManifest([...built, ...publicFiles], config.base);
      await writeFile(join(outDir, 'sw.js'), await compileWorker(entry, manifest));
    },
  };
}
