import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { DataTableColumn } from '../../components/data-table';
import type { Language } from '../../i18n/languages';
import type { MessageId } from '../../i18n/messages';
import type { Permissions } from '../../lib/authorization';

/** A message descriptor (a literal `{ id }`, which the catalogue check finds in the source). */
type Message = { id: MessageId };

/** The words of a reference list's page, dialogs and toasts, in the catalogue. */
export interface ReferenceListMessages {
  title: Message;
  subtitle: Message;
  accessDenied: Message;
  add: Message;
  loadError: Message;
  empty: Message;
  /** `{name}` */
  editLabel: Message;
  /** `{name}` */
  deleteLabel: Message;
  deleteTitle: Message;
  deleteConfirm: Message;
  /** `{name}` */
  deleteDetail: Message;
  deleted: Message;
  deleteFailed: Message;
  /** `{count}`: the products that still name it. */
  inUse: Message;
  created: Message;
  updated: Message;
  createFailed: Message;
  updateFailed: Message;
  createTitle: Message;
  editTitle: Message;
  formDescription: Message;
  create: Message;
  update: Message;
}

/**
 * A short list of named things products refer to (categories, suppliers),
 * administered on a page of its own: a table, an add/edit dialog and delete.
 * One page and one dialog serve each list, told by this what differs.
 */
export interface ReferenceListConfig<Item extends { id: string; name: string }, Values extends FieldValues, Input> {
  /** GET lists, POST adds, PUT and DELETE `{path}/{id}` change one (administrators only). */
  path: string;
  /** The list's read (shared with the screens that offer the items, `lib/catalogue`). */
  useItems(): UseQueryResult<Item[]>;
  /** Its key, which the writes refresh. */
  queryKey: QueryKey;
  itemSchema: z.ZodType<Item>;
  /** The form's schema is the request's (its input: what the fields hold). */
  inputSchema: z.ZodType<Input, Values>;
  canManage(permissions: Permissions): boolean;
  /** The code of a delete refused while products still name the item. */
  inUseCode: string;
  messages: ReferenceListMessages;
  /** The table's columns, the name first, before the actions. */
  columns: readonly DataTableColumn[];
  /** The cells after the name's. */
  cells(item: Item, language: Language): ReactNode;
  /** The name the reader knows it by (in labels and the delete question). */
  nameOf(item: Item, language: Language): string;
  /** The form's starting values: the item's, or a new one's. */
  formValues(item: Item | null): Values;
  /** The form's fields, laid out two to a row from `sm`. */
  fields(form: ReferenceForm<Values, Input>): ReactNode;
  /** What follows the fields (a switch). */
  after?(form: ReferenceForm<Values, Input>): ReactNode;
}

/** The dialog's form, as its fields see it. */
export interface ReferenceForm<Values extends FieldValues, Input> {
  form: UseFormReturn<Values, unknown, Input>;
  /** While the save runs. */
  disabled: boolean;
  /** The field's problem, in the reader's language. */
  errorText(field: FieldPath<Values>): string | undefined;
}
