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

/** Names the step of a keyed command that claims, takes over or releases one value (each is its own idempotent step). */
const step = (action: 'claim' | 'takeover' | 'release', kind: UniqueKind, value: string) =>
  `${action}:${kind}:${normaliseUniqueValue(value)}`;

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
      await this.executor.execute(stream, uniqueValueDecider, command, context, {
        waitForProjections: false,
        step: step('claim', kind, value),
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'DUPLICATE_VALUE')) throw error;
      const owner = String(error.details.ownerId);
      if (!(await this.ownerIsGone(kind, value, owner))) throw error;
      await this.executor.execute(stream, uniqueValueDecider, { ...command, ownerIsGone: true }, context, {
        waitForProjections: false,
        step: step('takeover', kind, value),
      });
    }
  }

  async release(kind: UniqueKind, value: string, productId: string, context: RequestContext): Promise<void> {
    await this.executor.execute(
      uniqueValueStreamId(kind, value),
      uniqueValueDecider,
      { type: 'ReleaseUniqueValue', kind, value, ownerId: productId },
      context,
      { waitForProjections: false, step: step('release', kind, value) },
    );
  }

  private async ownerIsGone(kind: UniqueKind, value: string, ownerId: string): Promise<boolean> {
    const { state } = await this.executor.load(productStreamId(ownerId), productDecider);
    if (state.status === 'none') {
      // The owner may be registering right now (claim first, product next): only a claim left
      // behind for longer than any registration takes belongs to a product that never came.
      const { meta } = await this.executor.load(uniqueValueStreamId(kind, value), uniqueValueDecider);
      return meta.updatedAt !== null && Date.now() - Date.parse(meta.updatedAt) > ABANDONED_CLAIM_MS;
    }
    if (state.status === 'deleted') return true;
    const held = state.details[fieldOf[kind]];
    return held === null || normaliseUniqueValue(held) !== normaliseUniqueValue(value);
  }
}
