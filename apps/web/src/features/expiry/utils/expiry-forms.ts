import { validationMessages as m, type WriteOffInput } from '@pharmacy/contracts';
import type { MessageId } from '../../../i18n/messages';

/**
 * What is wrong with a field: a shared validation message (the server's English
 * text, translated by its key), or a message of this screen's own.
 */
export type FieldProblem = string | { id: MessageId; values?: Record<string, number> };

export interface ExpiryTransferErrors {
  toPharmacyId?: FieldProblem;
  quantity?: FieldProblem;
}

const WHOLE = /^\d+$/;

/**
 * Specification 001 §5: a destination is required ('Destination pharmacy is
 * required'); the quantity is a whole number of at least 1 ('Quantity must be at
 * least 1') and at most what the batch holds.
 */
export function validateExpiryTransfer({
  toPharmacyId,
  quantity,
  available,
}: {
  toPharmacyId: string;
  quantity: string;
  available: number;
}): { valid: boolean; quantity: number; errors: ExpiryTransferErrors } {
  const errors: ExpiryTransferErrors = {};
  if (toPharmacyId === '') errors.toPharmacyId = m.destinationPharmacyRequired;
  const text = quantity.trim();
  const count = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(count) || count < 1) errors.quantity = m.transferQuantityMin;
  else if (count > available) errors.quantity = { id: 'expiry.transfer.tooMany', values: { count: available } };
  return { valid: Object.keys(errors).length === 0, quantity: count, errors };
}

export interface WriteOffValues {
  quantity: string;
  reason: WriteOffInput['reason'] | '';
  witness: string;
  note: string;
}

export interface WriteOffErrors {
  quantity?: FieldProblem;
  reason?: FieldProblem;
  witness?: FieldProblem;
}

/** The write-off form (writeOffSchema's rules, and no more packs than the batch holds). */
export function validateWriteOff(
  values: WriteOffValues,
  available: number,
): { valid: true; input: WriteOffInput } | { valid: false; errors: WriteOffErrors } {
  const errors: WriteOffErrors = {};
  const text = values.quantity.trim();
  const count = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (text !== '' && !WHOLE.test(text)) errors.quantity = m.wholeNumber;
  else if (!Number.isInteger(count) || count < 1) errors.quantity = m.writeOffQuantity;
  else if (count > available) errors.quantity = { id: 'expiry.writeOff.tooMany', values: { count: available } };
  if (values.reason === '') errors.reason = m.writeOffReasonInvalid;
  const witness = values.witness.trim();
  if (witness === '') errors.witness = m.witnessRequired;
  if (Object.keys(errors).length > 0 || values.reason === '') return { valid: false, errors };
  const note = values.note.trim();
  return {
    valid: true,
    input: { quantity: count, looseUnits: 0, reason: values.reason, witness, note: note === '' ? null : note },
  };
}
