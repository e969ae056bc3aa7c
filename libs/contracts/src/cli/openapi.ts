import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../openapi';

/** `npm run openapi`: writes docs/openapi.json. A test fails while the committed file is stale. */
const target = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
