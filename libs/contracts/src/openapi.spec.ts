import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from './openapi';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('describes every pharmacy path of the contract with its status codes', () => {
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(['/api/pharmacies', '/api/pharmacies/{id}']);
    expect(Object.keys(document.paths?.['/api/pharmacies']?.post?.responses ?? {})).toEqual(['201', '400', '403']);
    expect(Object.keys(document.paths?.['/api/pharmacies/{id}']?.delete?.responses ?? {})).toEqual([
      '204',
      '403',
      '404',
    ]);
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing a contract)', () => {
    const committed = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
