import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/api';
import { productsQueryKey } from '../../../lib/catalogue';
import type { ReferenceListConfig } from '../reference-list';

/** What the writes need to know of a list. */
type WriteConfig<Item> = Pick<
  ReferenceListConfig<Item & { id: string; name: string }, FieldValues, unknown>,
  'path' | 'queryKey'
> & {
  itemSchema: { parse(data: unknown): Item };
};

export interface SaveVariables<Input> {
  /** Absent to create. */
  id?: string | undefined;
  input: Input;
}

/** POST `{path}`, or PUT `{path}/{id}`; one Idempotency-Key per new item, so a retry adds it once. */
export function useSaveReference<Item, Input>(config: WriteConfig<Item>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ id, input }: SaveVariables<Input>): Promise<Item> => {
      const response = id
        ? await apiRequest('PUT', `${config.path}/${encodeURIComponent(id)}`, input)
        : await apiRequest('POST', config.path, input, { idempotencyKey: key.for(input) });
      return config.itemSchema.parse(await response.json());
    },
    // Products show the item's name, so their list changes with it.
    onSuccess: () => {
      key.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: config.queryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}

/** DELETE `{path}/{id}`: refused (409, `inUseCode`) while products still name it. */
export function useDeleteReference(config: Pick<WriteConfig<unknown>, 'path' | 'queryKey'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${config.path}/${encodeURIComponent(id)}`);
    },
    // Also after a failure: a 404 means someone else removed it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: config.queryKey }),
  });
}
