import type { PharmacyEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';
import { pharmaciesTables } from './pharmacies.tables';

/** `pharmacies`: one row per location that exists now (deleted ones leave the table; the log keeps them). */
export const pharmaciesProjection: Projection = {
  name: 'pharmacies',
  // 2: a trigger tells the API processes when the pharmacies change (ADR 0021).
  version: 2,
  handles: ['PharmacyRegistered', 'PharmacyDetailsChanged', 'PharmacyDeleted'] satisfies Array<PharmacyEvent['type']>,
  schema: pharmaciesTables,

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as PharmacyEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PharmacyRegistered':
        await trx
          .insertInto('pharmacies')
          .values({
            id: event.data.pharmacyId,
            ...event.data.details,
            createdAt: at,
            updatedAt: at,
            revision: recorded.revision,
          })
          .execute();
        return;
      case 'PharmacyDetailsChanged':
        await trx
          .updateTable('pharmacies')
          .set({ ...event.data.changes, updatedAt: at, revision: recorded.revision })
          .where('id', '=', event.data.pharmacyId)
          .execute();
        return;
      case 'PharmacyDeleted':
        await trx.deleteFrom('pharmacies').where('id', '=', event.data.pharmacyId).execute();
        return;
    }
  },
};
