import { Inject, Injectable } from '@nestjs/common';
import { stockDecider, stockStreamId, type StockState, STOCK_SNAPSHOTS } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import type { Principal } from '../common/access/access';
import { CommandExecutor } from '../common/command-executor';
import { PharmacyScope } from '../common/pharmacy-scope';
import { READ_DB } from '../infrastructure/tokens';

/**
 * Finds which pharmacy's stock holds something (a batch, a sale) on the write
 * model, for what was recorded a moment ago and is not in the read models yet.
 */
@Injectable()
export class StockLocator {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly scope: PharmacyScope,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  /** Whether the pharmacy's stock state satisfies `test` (read under the stream's queue). */
  holds(pharmacyId: string, test: (state: StockState) => boolean): Promise<boolean> {
    return this.executor.read(stockStreamId(pharmacyId), stockDecider, test, { snapshot: STOCK_SNAPSHOTS });
  }

  /** The first pharmacy the caller may see whose stock satisfies `test`, or null. */
  find(caller: Principal, test: (state: StockState) => boolean): Promise<string | null> {
    return this.firstPharmacy(caller, (pharmacyId) => this.holds(pharmacyId, test));
  }

  /** The first pharmacy the caller may see for which `test` holds, or null. */
  async firstPharmacy(caller: Principal, test: (pharmacyId: string) => Promise<boolean>): Promise<string | null> {
    const scope = await this.scope.readable(caller, null);
    const candidates =
      scope === 'all' ? (await this.db.selectFrom('pharmacies').select('id').execute()).map((p) => p.id) : scope;
    for (const pharmacyId of candidates) if (await test(pharmacyId)) return pharmacyId;
    return null;
  }
}
