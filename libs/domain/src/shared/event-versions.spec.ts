import { describe, expect, it } from '@jest/globals';
import { currentEventVersion, parseEventData, readEvent } from './event-catalogue';
import { recordedVersion, UnknownEventVersionError, upcastWith, type EventVersions } from './event-versions';

describe('event schema versions', () => {
  // A type whose shape changed twice: version 1 had `qty`, 2 renamed it `quantity`, 3 added `unit`.
  const versions: EventVersions = {
    Counted: {
      current: 3,
      upcasters: {
        1: ({ qty, ...rest }: { qty: number }) => ({ ...rest, quantity: qty }),
        2: (data: { quantity: number }) => ({ ...data, unit: 'pack' }),
      },
    },
  };

  it('upcasts old data one version at a time to the current shape, and leaves current data as it is', () => {
    expect(upcastWith(versions, 'Counted', { qty: 4 }, 1)).toEqual({ quantity: 4, unit: 'pack' });
    expect(upcastWith(versions, 'Counted', { quantity: 4 }, 2)).toEqual({ quantity: 4, unit: 'pack' });
    const current = { quantity: 4, unit: 'blister' };
    expect(upcastWith(versions, 'Counted', current, 3)).toBe(current);
    // A type that never changed is at version 1.
    expect(upcastWith(versions, 'Other', { a: 1 }, 1)).toEqual({ a: 1 });
  });

  it('refuses a version newer than this release knows, saying to upgrade, and a version that does not exist', () => {
    expect(() => upcastWith(versions, 'Counted', {}, 4)).toThrow(UnknownEventVersionError);
    expect(() => upcastWith(versions, 'Counted', {}, 4)).toThrow(/written by a newer release\. Upgrade this process\./);
    expect(() => upcastWith(versions, 'Other', {}, 2)).toThrow(UnknownEventVersionError);
    expect(() => upcastWith(versions, 'Counted', {}, 0)).toThrow(UnknownEventVersionError);
  });

  it('reads an event without a recorded version as version 1', () => {
    expect(recordedVersion({})).toBe(1);
    expect(recordedVersion({ schemaVersion: 2 })).toBe(2);
  });

  it('reads ProductRegistered 1 (no shelf location) in today’s shape', () => {
    expect(currentEventVersion('ProductRegistered')).toBe(2);
    expect(currentEventVersion('BatchReceived')).toBe(1);
    const details = {
      sku: 'A-1',
      barcode: null,
      name: 'Aspirin',
      nameAr: null,
      description: null,
      descriptionAr: null,
      brand: null,
      genericName: null,
      genericNameAr: null,
      categoryId: null,
      supplierId: null,
      salesUnit: 'whole',
      unitsPerPackage: 1,
      minStockLevel: 0,
      maxStockLevel: 100,
      requiresPrescription: false,
    };
    const data = {
      productId: '22222222-2222-4222-8222-222222222222',
      details,
      pricing: { price: '1.00', cost: null },
      commission: { commissionRate: '0.00', commissionEnabled: false },
      isActive: true,
    };
    expect(parseEventData('ProductRegistered', data, 1)).toMatchObject({ details: { shelfLocation: null } });
    // Version 2 must carry it.
    expect(() => parseEventData('ProductRegistered', data)).toThrow();
    expect(readEvent({ type: 'ProductRegistered', data, metadata: {} })).toMatchObject({
      data: { details: { shelfLocation: null } },
    });
  });
});
