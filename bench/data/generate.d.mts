/** Types of generate.mjs, for the tests that check the data set. */
export interface GeneratedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: {
    userId: string | null;
    pharmacyId: string | null;
    correlationId: string;
    causationId: string | null;
    occurredAt: string;
  };
}

export interface ChainSizes {
  pharmacies: number;
  categories: number;
  suppliers: number;
  products: number;
  batchesPerPharmacy: number;
  salesPerPharmacyDay: number;
  days: number;
}

export function sizes(scale: number): ChainSizes;

export function prng(seed: number): {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  uuid(): string;
};

export function generate(options: {
  seed?: number;
  scale?: number;
  until?: number;
}): Generator<[string, GeneratedEvent[]]>;
