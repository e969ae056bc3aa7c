import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { pharmacyDetails, pharmacyRegistered } from '../testing/events';
import { projectionSpec, specTime } from '../testing/projection-spec';
import { pharmaciesProjection } from './pharmacies.projection';

/** `pharmacies`: one row per location that exists now. */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();

const details = pharmacyDetails;
const registered = pharmacyRegistered;

describe('the pharmacies projection', () => {
  const spec = projectionSpec(pharmaciesProjection);

  it('adds a registered location with its details, when it was registered and its stream revision', () =>
    spec
      .given()
      .when(registered(DOWNTOWN, 'Downtown'), registered(ABDOUN, 'Abdoun'))
      .then('pharmacies', [
        { id: DOWNTOWN, ...details('Downtown'), createdAt: specTime(0), updatedAt: specTime(0), revision: '0' },
        { id: ABDOUN, ...details('Abdoun'), createdAt: specTime(1), updatedAt: specTime(1), revision: '0' },
      ]));

  it('changes only the fields that changed, and moves the revision and the time of the change on', () =>
    spec
      .given(registered(DOWNTOWN, 'Downtown'))
      .when({
        type: 'PharmacyDetailsChanged',
        data: {
          pharmacyId: DOWNTOWN,
          changes: { name: 'Old Town', isActive: false, phone: '+962 6 555 0100' },
          previous: { name: 'Downtown', isActive: true, phone: null },
        },
        metadata: { occurredAt: '2026-04-01T10:30:00.000Z' },
      })
      .then('pharmacies', [
        {
          id: DOWNTOWN,
          ...details('Downtown'),
          name: 'Old Town',
          isActive: false,
          phone: '+962 6 555 0100',
          createdAt: specTime(0),
          updatedAt: '2026-04-01T10:30:00.000Z',
          revision: '1',
        },
      ]));

  it('removes a deleted location and keeps the others', () =>
    spec
      .given(registered(DOWNTOWN, 'Downtown'), registered(ABDOUN, 'Abdoun'))
      .when({ type: 'PharmacyDeleted', data: { pharmacyId: DOWNTOWN, name: 'Downtown' } })
      .then('pharmacies', [{ id: ABDOUN, name: 'Abdoun' }]));

  it('rebuilds the same rows as the projector wrote', () =>
    spec
      .given(registered(DOWNTOWN, 'Downtown'), registered(ABDOUN, 'Abdoun'))
      .when(
        {
          type: 'PharmacyDetailsChanged',
          data: { pharmacyId: ABDOUN, changes: { email: 'abdoun@pharmacy.example' }, previous: { email: null } },
        },
        { type: 'PharmacyDeleted', data: { pharmacyId: DOWNTOWN, name: 'Downtown' } },
        registered(randomUUID(), 'Sweifieh'),
      )
      .thenRebuildMatchesLive());
});
