import { describe, expect, it } from '@jest/globals';
import { HttpError } from '../../../lib/api';
import { deleteProductFailure } from './delete-feedback';

const answer = (status: number, code: string, message = 'x') =>
  new HttpError(status, '', JSON.stringify({ statusCode: status, code, message }));

describe('deleteProductFailure', () => {
  it('explains each refusal the specification names', () => {
    expect(deleteProductFailure(answer(403, 'FORBIDDEN'))).toEqual({
      title: { id: 'products.delete.forbidden.title' },
      description: { id: 'products.delete.forbidden' },
    });
    expect(deleteProductFailure(answer(404, 'PRODUCT_NOT_FOUND')).title.id).toBe('products.delete.notFound.title');
    expect(deleteProductFailure(answer(409, 'INVENTORY_EXISTS')).title.id).toBe('products.delete.hasInventory.title');
  });

  it('falls back to "Failed to delete product" for anything else', () => {
    const fallback = { title: { id: 'common.error' }, description: { id: 'products.delete.failed' } };
    expect(deleteProductFailure(answer(409, 'CONCURRENCY_CONFLICT'))).toEqual(fallback);
    expect(deleteProductFailure(new HttpError(500, 'Internal Server Error', ''))).toEqual(fallback);
    expect(deleteProductFailure(new TypeError('Failed to fetch'))).toEqual(fallback);
  });
});
