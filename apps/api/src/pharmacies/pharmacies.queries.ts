import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { Pharmacy } from '@pharmacy/contracts';
import type { PharmaciesTable, ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';

export function toPharmacy(row: Selectable<PharmaciesTable>): Pharmacy {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    address: row.address,
    addressAr: row.addressAr,
    phone: row.phone,
    email: row.email,
    managerId: row.managerId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // The row reflects the stream up to `revision` (0-based): the version is the number of its events.
    version: Number(row.revision) + 1,
  };
}

/** Reads of the `pharmacies` read table (never the event log). */
@Injectable()
export class PharmacyQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  async list(): Promise<Pharmacy[]> {
    const rows = await this.db.selectFrom('pharmacies').selectAll().orderBy('name').orderBy('id').execute();
    return rows.map(toPharmacy);
  }

  async find(id: string): Promise<Pharmacy | null> {
    const row = await this.db.selectFrom('pharmacies').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPharmacy(row) : null;
  }
}
