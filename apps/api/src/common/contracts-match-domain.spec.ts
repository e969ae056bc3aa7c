import { describe, expect, it } from '@jest/globals';
import * as contracts from '@pharmacy/contracts';
import * as domain from '@pharmacy/domain';

/**
 * The web bundle may import the contracts but never the domain, so a few
 * lists exist in both. This keeps each pair the same list.
 */
describe('lists shared by the contracts and the domain', () => {
  it('names the same reasons for a stock adjustment', () => {
    expect([...contracts.adjustmentReasons]).toEqual([...domain.adjustmentReasons]);
  });

  it('names the same sales units', () => {
    expect([...contracts.salesUnits]).toEqual([...domain.productDetailsSchema.shape.salesUnit.options]);
  });
});
