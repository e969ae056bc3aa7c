import { Inject, Injectable } from '@nestjs/common';
import { SnapshotTable, type ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';

/** The `snapshots` table as the API's provider: long streams' folded states, a cache (libs/read-db SnapshotTable). */
@Injectable()
export class SnapshotStore extends SnapshotTable {
  constructor(@Inject(READ_DB) db: ReadDb) {
    super(db);
  }
}
