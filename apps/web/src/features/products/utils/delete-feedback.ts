import type { MessageId } from '../../../i18n/messages';
import { apiErrorOf, HttpError } from '../../../lib/api';

export interface Feedback {
  title: { id: MessageId };
  description: { id: MessageId };
}

/** Specification 001 §8, "Products": what a failed delete tells the user, by the server's answer. */
export function deleteProductFailure(error: unknown): Feedback {
  const status = error instanceof HttpError ? error.status : undefined;
  if (status === 403) {
    return { title: { id: 'products.delete.forbidden.title' }, description: { id: 'products.delete.forbidden' } };
  }
  if (status === 404) {
    return { title: { id: 'products.delete.notFound.title' }, description: { id: 'products.delete.notFound' } };
  }
  if (status === 409 && apiErrorOf(error)?.code === 'INVENTORY_EXISTS') {
    return {
      title: { id: 'products.delete.hasInventory.title' },
      description: { id: 'products.delete.hasInventory' },
    };
  }
  return { title: { id: 'common.error' }, description: { id: 'products.delete.failed' } };
}
