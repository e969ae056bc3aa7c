import { Injectable } from '@nestjs/common';
import {
  DomainError,
  categoryDecider,
  categoryNotFound,
  categoryStreamId,
  pharmacyDecider,
  pharmacyNotFound,
  pharmacyStreamId,
  productDecider,
  productNotFound,
  productStreamId,
  supplierDecider,
  supplierNotFound,
  supplierStreamId,
  type CategoryDetails,
  type PharmacyDetails,
  type ProductSnapshot,
  type SupplierDetails,
} from '@pharmacy/domain';
import { CommandExecutor, type StreamMeta } from './command-executor';

/** When a record was first and last written (business time), from its stream. */
export interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export interface PharmacyRecord extends Timestamps {
  id: string;
  details: PharmacyDetails;
}

export interface ProductRecord extends Timestamps {
  id: string;
  product: ProductSnapshot;
  version: number;
}

export interface NamedRecord<Details> extends Timestamps {
  id: string;
  details: Details;
}

function timestamps(meta: StreamMeta): Timestamps {
  const fallback = new Date().toISOString();
  return { createdAt: meta.createdAt ?? fallback, updatedAt: meta.updatedAt ?? fallback };
}

/**
 * Existence and details of reference records read from their own streams, not
 * from read tables: a rule decided on them holds even while the projector is
 * behind, and a record created a moment ago is already there.
 */
@Injectable()
export class WriteModel {
  constructor(private readonly executor: CommandExecutor) {}

  /** A pharmacy that exists (active or not); PHARMACY_NOT_FOUND otherwise. */
  async pharmacy(id: string): Promise<PharmacyRecord> {
    const found = await this.executor.read(
      pharmacyStreamId(id),
      pharmacyDecider,
      (state, meta) => (state.status === 'registered' ? { id, details: state.details, ...timestamps(meta) } : null),
      { hot: true },
    );
    if (!found) throw pharmacyNotFound(id);
    return found;
  }

  /** The pharmacy, or null when it does not exist (for answers that show 'Unknown Location'). */
  pharmacyIfAny(id: string): Promise<PharmacyRecord | null> {
    return this.pharmacy(id).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'PHARMACY_NOT_FOUND') return null;
      throw error;
    });
  }

  /** The product, or null when it is not in the catalogue (for answers that show 'Unknown Product'). */
  productIfAny(id: string): Promise<ProductRecord | null> {
    return this.product(id).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'PRODUCT_NOT_FOUND') return null;
      throw error;
    });
  }

  /** A product in the catalogue (not deleted); PRODUCT_NOT_FOUND otherwise. */
  async product(id: string): Promise<ProductRecord> {
    const found = await this.executor.read(
      productStreamId(id),
      productDecider,
      (state, meta) =>
        state.status === 'active'
          ? {
              id,
              product: {
                details: state.details,
                pricing: state.pricing,
                commission: state.commission,
                isActive: state.isActive,
              },
              version: state.version,
              ...timestamps(meta),
            }
          : null,
      { hot: true },
    );
    if (!found) throw productNotFound(id);
    return found;
  }

  async category(id: string): Promise<NamedRecord<CategoryDetails>> {
    const found = await this.executor.read(
      categoryStreamId(id),
      categoryDecider,
      (state, meta) => (state.status === 'active' ? { id, details: state.details, ...timestamps(meta) } : null),
      { hot: true },
    );
    if (!found) throw categoryNotFound(id);
    return found;
  }

  async supplier(id: string): Promise<NamedRecord<SupplierDetails>> {
    const found = await this.executor.read(
      supplierStreamId(id),
      supplierDecider,
      (state, meta) => (state.status === 'active' ? { id, details: state.details, ...timestamps(meta) } : null),
      { hot: true },
    );
    if (!found) throw supplierNotFound(id);
    return found;
  }
}
