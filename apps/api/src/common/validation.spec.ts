import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  completeSaleSchema,
  namedListQuerySchema,
  optionalIdSchema,
  pharmacyInputSchema,
  productInputSchema,
} from '@pharmacy/contracts';
import { RequestValidationError, ZodValidationPipe } from './validation';

/** The field errors a pipe answers for a value (what the API sends as `errors`). */
function refusal(schema: z.ZodType, value: unknown, type: 'body' | 'query' = 'body') {
  try {
    new ZodValidationPipe(schema).transform(value, { type });
  } catch (error) {
    if (error instanceof RequestValidationError) return error.errors;
    throw error;
  }
  throw new Error('the value was accepted');
}

describe('ZodValidationPipe messages (issue 14: found by fuzzing)', () => {
  it("names the field and what to send where the contract has no words of its own (zod's default does neither)", () => {
    expect(refusal(pharmacyInputSchema, { name: 'Downtown', address: 'King St', nameAr: {} })).toEqual([
      { field: 'nameAr', message: 'nameAr must be text' },
    ]);
    expect(refusal(z.object({ id: z.string() }), {})).toEqual([{ field: 'id', message: 'id is required' }]);
    expect(refusal(z.object({ n: z.number().max(5) }), { n: 9 })).toEqual([
      { field: 'n', message: 'n must be at most 5' },
    ]);
    expect(refusal(z.object({ s: z.enum(['a', 'b']) }), { s: 'c' })).toEqual([
      { field: 's', message: 's must be one of: "a", "b"' },
    ]);
    expect(refusal(z.object({ id: z.string().uuid() }), { id: 'x' })[0]!.message).toMatch(/^id must be an id \(a UUID/);
  });

  it('says so when the body is not an object, and a query key given twice', () => {
    expect(refusal(pharmacyInputSchema, [1])).toEqual([
      { field: 'body', message: 'The request body must be a JSON object' },
    ]);
    expect(refusal(namedListQuerySchema, { q: ['a', 'b'] }, 'query')).toEqual([
      { field: 'q', message: 'q must be given once' },
    ]);
  });

  it("keeps the contract's own messages, in unions too, and says which types a union takes", () => {
    expect(refusal(completeSaleSchema, { cashReceived: '1', items: [] })).toEqual([
      { field: 'items', message: 'Add at least one product to the sale' },
    ]);
    expect(refusal(z.object({ batchId: optionalIdSchema() }), { batchId: { a: 1 } })).toEqual([
      { field: 'batchId', message: 'Invalid identifier' },
    ]);
    expect(refusal(productInputSchema, { sku: 'A1', name: 'Aspirin', price: '1.00', cost: {} })).toEqual([
      { field: 'cost', message: 'cost must be text or a number' },
    ]);
  });
});
