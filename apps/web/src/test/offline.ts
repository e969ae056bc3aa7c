import { afterEach, beforeEach, jest } from '@jest/globals';
import type { OfflineCatalogue } from '@pharmacy/contracts';
import { act } from '@testing-library/react';
import { addDays, todayIso } from '../lib/dates';
import { PRODUCT_ID } from './catalogue';
import { freshIndexedDb } from './indexed-db';
import { downtown } from './users';

type OfflineProduct = OfflineCatalogue['products'][number];
type OfflineBatch = OfflineCatalogue['batches'][number];

/** A product of the till's copy of the catalogue (GET /api/sales/offline-catalogue). */
export function anOfflineProduct(overrides: Partial<OfflineProduct> = {}): OfflineProduct {
  return {
    id: PRODUCT_ID,
    sku: 'PAR-500-20',
    barcode: '5012345678900',
    name: 'Paracetamol 500 mg',
    nameAr: null,
    genericName: null,
    genericNameAr: null,
    price: '4.99',
    salesUnit: 'whole',
    unitsPerPackage: 1,
    requiresPrescription: false,
    ...overrides,
  };
}

/** A sellable batch of the copy: months to go, received a month ago. */
export function anOfflineBatch(overrides: Partial<OfflineBatch> = {}): OfflineBatch {
  return {
    id: '7a1b2c3d-0000-4000-8000-0000000000b1',
    productId: PRODUCT_ID,
    batchNumber: 'LOT-1',
    expiryDate: addDays(todayIso(), 300),
    receivedDate: addDays(todayIso(), -30),
    quantity: 10,
    looseUnits: 0,
    discountPercentage: null,
    ...overrides,
  };
}

/** Downtown's copy, made now: one product with one batch unless said otherwise. */
export function anOfflineCatalogue(overrides: Partial<OfflineCatalogue> = {}): OfflineCatalogue {
  return {
    pharmacyId: downtown.id,
    generatedAt: new Date().toISOString(),
    priceWindowHours: 24,
    products: [anOfflineProduct()],
    batches: [anOfflineBatch()],
    ...overrides,
  };
}

/**
 * The browser's connection under the test's control, with an empty IndexedDB
 * and session storage before each test and the real fetch back after it:
 * `online` is what `navigator.onLine` says; `goOnline()` also fires the event.
 */
export function simulatedNetwork(): { online: boolean; goOnline(): void } {
  const realFetch = globalThis.fetch;
  const network = {
    online: true,
    goOnline() {
      network.online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    },
  };
  beforeEach(() => {
    sessionStorage.clear();
    freshIndexedDb();
    network.online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.online);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.restoreAllMocks();
  });
  return network;
}
