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

  it('refuses unknown fields in every request body, at every depth (issue 28)', () => {
    /** Objects whose keys are free by design, and why. */
    const free: Record<string, string> = {
      'POST /api/chat/pharmacist body.context':
        "the specification's page sends its counts and first inventory rows; the server ignores them",
    };
    const loose: string[] = [];
    const visit = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (typeof node.$ref === 'string') {
        const name = node.$ref.split('/').at(-1)!;
        return visit(document.components?.schemas?.[name], where);
      }
      if (node.type === 'object' && !(where in free)) {
        if (node.additionalProperties !== false) loose.push(where);
        for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
          visit(child, `${where}.${key}`);
        }
      }
      if (node.items) visit(node.items, `${where}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        for (const option of (node[key] ?? []) as unknown[]) visit(option, where);
      }
    };
    let bodies = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const content = (operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } }).requestBody
          ?.content?.['application/json'];
        if (!content) continue;
        bodies += 1;
        visit(content.schema, `${method.toUpperCase()} ${path} body`);
      }
    }
    expect(bodies).toBeGreaterThan(30);
    expect(loose).toEqual([]);
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing a contract)', () => {
    const committed = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
