import { Injectable } from '@nestjs/common';
import {
  DomainError,
  normaliseUniqueValue,
  productDecider,
  productStreamId,
  uniqueValueDecider,
  uniqueValueStreamId,
  type UniqueKind,
} from '@pharmacy/domain';
import { CommandExecutor } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';

const ABANDONED_CLAIM_MS = 60_000;

const fieldOf: Record<UniqueKind, 'sku' | 'barcode'> = { 'product-sku': 'sku', 'product-barcode': 'barcode' };

/**
 * Claims and releases of product SKUs and barcodes. A claim whose recorded owner
 * no longer holds the value (the product was deleted or changed it, and the
 * release was lost to a crash) is taken over, so a lost step heals itself.
 */
@Injectable()
export class UniqueValues {
  constructor(private readonly executor: CommandExecutor) {}

  async claim(
    kind: UniqueKind,
    value: string,
    productId: string,
    conflictMessage: string,
    context: RequestContext,
  ): Promise<void> {
    const stream = uniqueValueStreamId(kind, value);
    const command = { type: 'ClaimUniqueValue' as const, kind, value, ownerId: productId, conflictMessage };
    try {
      await this.executor.execute(stream, uniqueValueDecider, command, context, { waitForProjections: false });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'DUPLICATE_VALUE')) throw error;
      const owner = String(error.details.ownerId);
      if (!(await this.ownerIsGone(kind, value, owner))) throw error;
      await this.executor.execute(stream, uniqueValueDecider, { ...command, ownerIsGone: true }, context, {
        waitForProjections: false,
      });
    }
  }

  async release(kind: UniqueKind, value: string, productId: string, context: RequestContext): Promise<void> {
    await this.executor.execute(
      uniqueValueStreamId(kind, value),
      uniqueValueDecider,
      { type: 'ReleaseUniqueValue', kind, value, ownerId: productId },
      context,
      { waitForProjections: false },
    );
  }

  private async ownerIsGone(kind: UniqueKind, value: string, ownerId: string): Promise<boolean> {
    const { state } = await this.executor.load(productStreamId(ownerId), productDecider);
    if (state.status === 'none') {
      // The owner may be registering right now (claim first, product next): only a claim left
      // behind for longer than any registration takes belongs to a product that never came.
      const claimedAt = await this.executor.lastRecordedAt(uniqueValueStreamId(kind, value));
      return claimedAt !== null && Date.now() - claimedAt.getTime() > ABANDONED_CLAIM_MS;
    }
    if (state.status === 'deleted') return true;
    const held = state.details[fieldOf[kind]];
    return held === null || normaliseUniqueValue(held) !== normaliseUniqueValue(value);
  }
}
