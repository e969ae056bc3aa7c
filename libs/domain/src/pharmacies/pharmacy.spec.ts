import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { pharmacyDecider, type PharmacyCommand, type PharmacyDetails, type PharmacyEvent } from './pharmacy';

const id = randomUUID();
const details: PharmacyDetails = {
  name: 'Downtown Pharmacy',
  nameAr: 'صيدلية وسط البلد',
  address: '12 King Hussein St, Amman',
  addressAr: '١٢ شارع الملك حسين، عمّان',
  phone: '+962 6 555 0101',
  email: 'downtown@example.com',
  managerId: null,
  isActive: true,
};
const registered: PharmacyEvent = { type: 'PharmacyRegistered', data: { pharmacyId: id, details } };

/** given events, when command, then events (or an error). */
function given(...events: PharmacyEvent[]) {
  const state = fold(pharmacyDecider, pharmacyDecider.initialState(), events);
  return { when: (command: PharmacyCommand) => () => pharmacyDecider.decide(command, state) };
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the command to be refused');
}

describe('pharmacy decider', () => {
  it('registers a new pharmacy', () => {
    expect(given().when({ type: 'RegisterPharmacy', pharmacyId: id, details })()).toEqual([registered]);
  });

  it('refuses to register the same pharmacy twice', () => {
    const then = given(registered).when({ type: 'RegisterPharmacy', pharmacyId: id, details });
    expect(errorOf(then)).toMatchObject({ kind: 'conflict', code: 'PHARMACY_ALREADY_EXISTS' });
  });

  it('records only the changed fields with their previous values', () => {
    const then = given(registered).when({
      type: 'ChangePharmacyDetails',
      pharmacyId: id,
      details: { ...details, phone: '+962 6 555 0199', isActive: false },
      expectedVersion: null,
    });
    expect(then()).toEqual([
      {
        type: 'PharmacyDetailsChanged',
        data: {
          pharmacyId: id,
          changes: { phone: '+962 6 555 0199', isActive: false },
          previous: { phone: '+962 6 555 0101', isActive: true },
        },
      },
    ]);
  });

  it('writes nothing when an update changes nothing', () => {
    expect(
      given(registered).when({ type: 'ChangePharmacyDetails', pharmacyId: id, details, expectedVersion: null })(),
    ).toEqual([]);
  });

  it('applies earlier changes before comparing', () => {
    const changed: PharmacyEvent = {
      type: 'PharmacyDetailsChanged',
      data: { pharmacyId: id, changes: { name: 'Renamed' }, previous: { name: details.name } },
    };
    const then = given(registered, changed).when({
      type: 'ChangePharmacyDetails',
      pharmacyId: id,
      details,
      expectedVersion: null,
    });
    expect(then()).toEqual([
      {
        type: 'PharmacyDetailsChanged',
        data: { pharmacyId: id, changes: { name: details.name }, previous: { name: 'Renamed' } },
      },
    ]);
  });

  it('refuses an edit made on an older version, and checks none when the client names no version', () => {
    const changed: PharmacyEvent = {
      type: 'PharmacyDetailsChanged',
      data: { pharmacyId: id, changes: { name: 'Renamed' }, previous: { name: details.name } },
    };
    const edit = (expectedVersion: number | null) =>
      given(registered, changed).when({
        type: 'ChangePharmacyDetails',
        pharmacyId: id,
        details: { ...details, phone: '+962 6 555 0177' },
        expectedVersion,
      });
    expect(errorOf(edit(1))).toMatchObject({ kind: 'conflict', code: 'STALE_EDIT', details: { version: 2 } });
    expect(edit(2)()).toHaveLength(1);
    expect(edit(null)()).toHaveLength(1);
  });

  it('deletes a pharmacy, keeping its name in the event for the audit trail', () => {
    expect(given(registered).when({ type: 'DeletePharmacy', pharmacyId: id })()).toEqual([
      { type: 'PharmacyDeleted', data: { pharmacyId: id, name: details.name } },
    ]);
  });

  it.each<[string, PharmacyEvent[], PharmacyCommand]>([
    [
      'updating an unknown pharmacy',
      [],
      { type: 'ChangePharmacyDetails', pharmacyId: id, details, expectedVersion: null },
    ],
    ['deleting an unknown pharmacy', [], { type: 'DeletePharmacy', pharmacyId: id }],
    [
      'updating a deleted pharmacy',
      [registered, { type: 'PharmacyDeleted', data: { pharmacyId: id, name: details.name } }],
      { type: 'ChangePharmacyDetails', pharmacyId: id, details, expectedVersion: null },
    ],
    [
      'deleting a deleted pharmacy',
      [registered, { type: 'PharmacyDeleted', data: { pharmacyId: id, name: details.name } }],
      { type: 'DeletePharmacy', pharmacyId: id },
    ],
  ])('answers not found when %s', (_, history, command) => {
    expect(errorOf(given(...history).when(command))).toMatchObject({ kind: 'not_found', code: 'PHARMACY_NOT_FOUND' });
  });
});
