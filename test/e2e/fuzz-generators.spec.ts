import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { z } from 'zod';
import { buildOpenApiRegistry } from '../../libs/contracts/src/openapi';
import { answerProblem, unhelpfulMessage } from '../fuzz/answers';
import {
  baseRequest,
  caseArbitrary,
  encodeLoose,
  fieldsOf,
  kindsOf,
  routesOf,
  wrongTypeValues,
  type FuzzContext,
  type FuzzRoute,
} from '../fuzz/zod-fuzz';

/** The fuzzing test's own parts (test/fuzz), without a server: the walker, the generators and the answer check. */
const context: FuzzContext = {
  idFor: (name) => (name === 'pharmacyId' ? '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01' : undefined),
  unique: (() => {
    let n = 0;
    return (prefix: string) => `${prefix}${(n += 1)}`;
  })(),
};
const routes = routesOf(buildOpenApiRegistry());
const route = (method: string, path: string): FuzzRoute => {
  const found = routes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

describe('fuzzing from the zod schemas: the walker', () => {
  it('reads every route of the contract with its request schemas', () => {
    expect(routes.length).toBeGreaterThan(80);
    const sale = route('post', '/api/sales/complete');
    expect(sale.bodyType).toBe('json');
    expect(route('post', '/api/products/recognize').bodyType).toBe('multipart');
    expect(route('post', '/api/pharmacies').headers).toEqual(['Idempotency-Key']);
    expect(route('put', '/api/products/{id}').params).toBeDefined();
  });

  it('finds nested fields, which are required, and what JSON type each takes', () => {
    const fields = fieldsOf(route('post', '/api/sales/complete').body!, 'body');
    const quantity = fields.find((f) => f.path.join('.') === 'items.0.quantity')!;
    expect(quantity).toMatchObject({ required: true, name: 'quantity' });
    expect([...quantity.kinds]).toEqual(['number']);
    expect(fields.find((f) => f.name === 'notes')?.required).toBe(false);
    expect(fields.find((f) => f.path.join('.') === 'items.0.productId')?.isId).toBe(true);
    expect([...kindsOf(z.union([z.string(), z.number()]).optional())]).toEqual(['string', 'number']);
    expect(wrongTypeValues(new Set(['number']))).not.toContain(0);
  });

  it('builds a request each route accepts: a sale, an offline sale, an audit period', () => {
    for (const [method, path] of [
      ['post', '/api/sales/complete'],
      ['post', '/api/sales/offline'],
      ['get', '/api/audit/period-report'],
      ['post', '/api/products'],
    ] as const) {
      expect(baseRequest(route(method, path), context).valid).toBe(true);
    }
  });

  it('draws requests that break one thing, reproducibly from a seed', () => {
    const sale = route('post', '/api/sales/complete');
    const arbitrary = caseArbitrary(sale, baseRequest(sale, context));
    const first = fc.sample(arbitrary, { numRuns: 30, seed: 14 }).map((c) => c.label);
    expect(fc.sample(arbitrary, { numRuns: 30, seed: 14 }).map((c) => c.label)).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(10);
  });

  it('percent-encodes a lone surrogate as the bytes a careless client sends, where encodeURIComponent throws', () => {
    expect(() => encodeURIComponent('\ud800')).toThrow();
    expect(encodeLoose('a\ud800b')).toBe('a%ED%A0%80b');
    expect(encodeLoose('../ ')).toBe('..%2F%20');
  });
});

describe('fuzzing from the zod schemas: the answer check', () => {
  const json = 'application/json; charset=utf-8';

  it('fails a 5xx, a non-JSON refusal, and one without a code', () => {
    expect(answerProblem(500, json, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' })).toMatch(/answered 500/);
    expect(answerProblem(400, 'text/html', '<h1>Bad Request</h1>')).toMatch(/not JSON/);
    expect(answerProblem(400, json, { statusCode: 400, message: 'Name is required' })).toMatch(/no stable code/);
    expect(answerProblem(404, json, { statusCode: 400, code: 'NOT_FOUND', message: 'Sale not found' })).toMatch(
      /statusCode 400 in a 404/,
    );
  });

  it("fails messages no person can act on: zod's defaults, the parser's, a status phrase, a stack", () => {
    expect(unhelpfulMessage('Invalid input: expected string, received number')).toMatch(/zod/);
    expect(unhelpfulMessage('Too big: expected string to have <=200 characters')).toMatch(/zod/);
    expect(unhelpfulMessage('Unexpected token \'N\', "{"a": NaN}" is not valid JSON')).toMatch(/JSON parser/);
    expect(unhelpfulMessage('request entity too large')).toMatch(/status phrase/);
    expect(unhelpfulMessage('Multipart: Boundary not found')).toMatch(/library/);
    expect(unhelpfulMessage('boom\n    at Object.<anonymous> (/app/x.js:1:2)')).toMatch(/stack/);
    expect(unhelpfulMessage('')).toMatch(/no message/);
    const zodDefault = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Name is required' };
    expect(answerProblem(400, json, { ...zodDefault, errors: [{ field: 'x', message: 'Invalid input' }] })).toMatch(
      /the error of x/,
    );
  });

  it('passes a refusal in plain words with its fields named, and any 2xx or 3xx', () => {
    expect(
      answerProblem(400, json, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'nameAr must be text',
        errors: [{ field: 'nameAr', message: 'nameAr must be text' }],
      }),
    ).toBeNull();
    expect(answerProblem(201, json, { id: 'x' })).toBeNull();
    expect(answerProblem(302, 'text/plain', 'Found')).toBeNull();
  });
});
