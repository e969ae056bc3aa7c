// Compiles every server-side workspace (src -> dist) with swc. Type checking is
// `npm run typecheck`; this step only emits JavaScript, so it takes a second or two.
import { transformFile } from '@swc/core';
import { mkdir, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  'libs/money',
  'libs/barcodes',
  'libs/domain',
  'libs/contracts',
  'libs/event-store',
  'libs/commands',
  'libs/read-db',
  'libs/mail',
  'projections',
  'libs/assistant',
  'libs/jobs',
  'apps/worker',
  'apps/api',
  'apps/projector',
];
const swcrc = JSON.parse(await readFile(join(root, '.swcrc'), 'utf8'));

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      yield path;
  }
}

const started = Date.now();
let files = 0;
for (const pkg of packages) {
  const src = join(root, pkg, 'src');
  const out = join(root, pkg, 'dist');
  await rm(out, { recursive: true, force: true });
  const jobs = [];
  for await (const file of sources(src)) {
    const target = join(out, relative(src, file)).replace(/\.ts$/, '.js');
    jobs.push(
      transformFile(file, {
        ...swcrc,
        swcrc: false,
        filename: file,
        sourceFileName: relative(dirname(target), file),
      }).then(async ({ code, map }) => {
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
        if (map) await writeFile(`${target}.map`, map);
        files += 1;
      }),
    );
  }
  await Promise.all(jobs);
}
console.log(`server build: ${files} files in ${Date.now() - started} ms`);
