import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from './openapi';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('describes every pharmacy path of the contract with its status codes', () => {
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining(['/api/pharmacies', '/api/pharmacies/{id}']),
    );
    expect(Object.keys(document.paths?.['/api/pharmacies']?.post?.responses ?? {})).toEqual([
      '201',
      '400',
      '403',
      '422',
    ]);
    expect(Object.keys(document.paths?.['/api/pharmacies/{id}']?.delete?.responses ?? {})).toEqual([
      '204',
      '403',
      '404',
    ]);
  });

  it('describes the sign-in, user and settings calls', () => {
    const paths = Object.keys(document.paths ?? {});
    for (const path of [
      '/api/auth/login-request',
      '/api/auth/login-verify',
      '/api/auth/user',
      '/api/admin/users/{userId}/role',
      '/api/settings',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(document.paths?.['/api/auth/user']?.get?.responses ?? {})).toEqual(['200', '401', '409']);
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing a contract)', () => {
    const committed = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
