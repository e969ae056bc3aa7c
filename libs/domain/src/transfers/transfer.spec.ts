import { describe, expect, it } from '@jest/globals';
import { parseEventData } from '../shared/event-catalogue';
import { specFor } from '../shared/spec-helpers';
import { transferDecider, type TransferEvent, type TransferRequestedData } from './transfer';

const transferId = '88888888-8888-4888-8888-888888888801';
const from = '11111111-1111-4111-8111-111111111111';
const to = '11111111-1111-4111-8111-111111111112';
const user = '99999999-9999-4999-8999-999999999901';
const productId = '22222222-2222-4222-8222-222222222222';
const b1 = '44444444-4444-4444-8444-444444444401';
const b2 = '44444444-4444-4444-8444-444444444402';
const at = '2026-11-22T12:00:00.000Z';
const given = specFor(transferDecider);

const items = [
  { batchId: b1, productId, batchNumber: 'E-1', expiryDate: '2026-12-31', purchasePrice: '1.20', quantity: 3 },
  { batchId: b2, productId, batchNumber: 'L-1', expiryDate: '2027-06-30', purchasePrice: null, quantity: 2 },
];
const request: TransferRequestedData = {
  transferId,
  fromPharmacyId: from,
  toPharmacyId: to,
  notes: 'Weekend cover',
  requestedBy: user,
  requestedAt: at,
  items,
  reserved: true,
  lines: items.map(({ productId, quantity, batchId }) => ({ productId, quantity, batchId })),
};
const requested: TransferEvent = { type: 'TransferRequested', data: request };
const approved: TransferEvent = {
  type: 'TransferApproved',
  data: { transferId, fromPharmacyId: from, toPharmacyId: to, approvedBy: user, approvedAt: at, items: null },
};
const receive = (received: Array<{ batchId: string; receivedQuantity: number }> | null, reason: string | null = null) =>
  ({
    type: 'ReceiveTransfer',
    transferId,
    by: user,
    at,
    today: '2026-11-22',
    received,
    discrepancyReason: reason,
  }) as const;
/** The TransferReceived these counts record (all of it arrived when none are given). */
const receivedEvent = (counts: number[] | null, discrepancyReason: string | null = null): TransferEvent => ({
  type: 'TransferReceived',
  data: {
    transferId,
    fromPharmacyId: from,
    toPharmacyId: to,
    receivedBy: user,
    receivedAt: at,
    receivedOn: '2026-11-22',
    items: items.map((item, i) => ({ ...item, receivedQuantity: counts ? counts[i]! : item.quantity })),
    discrepancyReason,
  },
});
const cancel = { type: 'CancelTransfer', transferId, by: user, at, reason: 'No longer needed' } as const;

describe('a transfer between pharmacies', () => {
  it('is recorded once, however often the request is written', () => {
    given().when({ type: 'RecordTransferRequest', request }).then([requested]);
    given(requested).when({ type: 'RecordTransferRequest', request }).then([]);
  });

  it('is approved only while pending', () => {
    given(requested).when({ type: 'ApproveTransfer', transferId, by: user, at }).then([approved]);
    given(requested, approved)
      .when({ type: 'ApproveTransfer', transferId, by: user, at })
      .thenRefuses({
        kind: 'conflict',
        code: 'TRANSFER_STATUS_CONFLICT',
        message: /approved and in transit; only pending/,
      });
    given()
      .when({ type: 'ApproveTransfer', transferId, by: user, at })
      .thenRefuses({ kind: 'not_found', code: 'TRANSFER_NOT_FOUND' });
  });

  it('is received in full when no counts are given', () => {
    given(requested, approved)
      .when(receive(null))
      .then([receivedEvent(null)]);
  });

  it('records a shortfall with its reason, and refuses one without', () => {
    given(requested, approved)
      .when(
        receive([
          { batchId: b1, receivedQuantity: 3 },
          { batchId: b2, receivedQuantity: 1 },
        ]),
      )
      .thenRefuses({ kind: 'invalid', code: 'DISCREPANCY_REASON_REQUIRED' });
    given(requested, approved)
      .when(
        receive(
          [
            { batchId: b1, receivedQuantity: 3 },
            { batchId: b2, receivedQuantity: 1 },
          ],
          ' One pack crushed ',
        ),
      )
      .then([receivedEvent([3, 1], 'One pack crushed')]);
  });

  it('refuses counts above what was sent, or of batches it does not carry', () => {
    given(requested, approved)
      .when(receive([{ batchId: b1, receivedQuantity: 4 }]))
      .thenRefuses({ kind: 'invalid', code: 'RECEIVED_QUANTITY_INVALID', message: /between 0 and 3 packs/ });
    given(requested, approved)
      .when(receive([{ batchId: productId, receivedQuantity: 1 }]))
      .thenRefuses({ kind: 'invalid', code: 'TRANSFER_ITEM_UNKNOWN' });
  });

  it('cannot be received before it is dispatched', () => {
    given(requested).when(receive(null)).thenRefuses({ kind: 'conflict', code: 'TRANSFER_STATUS_CONFLICT' });
  });

  it('is cancelled from pending or in transit, saying which, and never after completion', () => {
    const cancelled = (stage: 'pending' | 'approved'): TransferEvent => ({
      type: 'TransferCancelled',
      data: {
        transferId,
        fromPharmacyId: from,
        toPharmacyId: to,
        cancelledBy: user,
        cancelledAt: at,
        stage,
        reason: 'No longer needed',
        items,
      },
    });
    given(requested)
      .when(cancel)
      .then([cancelled('pending')]);
    given(requested, approved)
      .when(cancel)
      .then([cancelled('approved')]);
    given(requested, cancelled('pending'))
      .when(cancel)
      .thenRefuses({ kind: 'conflict', code: 'TRANSFER_STATUS_CONFLICT' });
    given(requested, approved, receivedEvent(null))
      .when(cancel)
      .thenRefuses({ kind: 'conflict', code: 'TRANSFER_STATUS_CONFLICT', message: /is completed/ });
  });

  describe('requested from outside the source', () => {
    const asked: TransferEvent = {
      type: 'TransferRequested',
      data: { ...request, reserved: false, lines: [{ productId, quantity: 5, batchId: null }] },
    };
    // What the source's stock gave when the approval reserved (it had sold some of the first batch meanwhile).
    const reservedAtApproval = [
      { ...items[0]!, quantity: 1 },
      { ...items[1]!, quantity: 4 },
    ];
    const approve = { type: 'ApproveTransfer', transferId, by: user, at } as const;

    it('is approved only with what the approval reserved, which replaces what the request would have taken', () => {
      given(asked).when(approve).thenRefuses({ kind: 'conflict', code: 'TRANSFER_NOT_RESERVED' });
      given(asked)
        .when({ ...approve, reserved: reservedAtApproval })
        .then([{ type: 'TransferApproved', data: { ...approved.data, items: reservedAtApproval } } as TransferEvent]);
      const approvedWithItems: TransferEvent = {
        type: 'TransferApproved',
        data: { ...approved.data, items: reservedAtApproval } as Extract<
          TransferEvent,
          { type: 'TransferApproved' }
        >['data'],
      };
      given(asked, approvedWithItems)
        .when(receive([{ batchId: b2, receivedQuantity: 4 }]))
        .thenRefuses({ kind: 'invalid', code: 'DISCREPANCY_REASON_REQUIRED' });
      given(asked, approvedWithItems)
        .when(receive(null))
        .then([
          {
            type: 'TransferReceived',
            data: {
              ...(receivedEvent(null).data as Extract<TransferEvent, { type: 'TransferReceived' }>['data']),
              items: reservedAtApproval.map((item) => ({ ...item, receivedQuantity: item.quantity })),
            },
          },
        ]);
    });

    it('is cancelled from pending like any other (what it held, nothing, is for the process to release)', () => {
      given(asked)
        .when(cancel)
        .then([
          {
            type: 'TransferCancelled',
            data: {
              transferId,
              fromPharmacyId: from,
              toPharmacyId: to,
              cancelledBy: user,
              cancelledAt: at,
              stage: 'pending',
              reason: 'No longer needed',
              items,
            },
          },
        ]);
    });
  });

  it('reads its first-written events as reserved when requested and approved as requested', () => {
    const { reserved: _reserved, lines: _lines, ...firstRequest } = request;
    expect(parseEventData('TransferRequested', firstRequest, 1)).toEqual(request);
    const { items: _items, ...firstApproval } = approved.data as { items: null };
    expect(parseEventData('TransferApproved', firstApproval, 1)).toEqual(approved.data);
  });
});
