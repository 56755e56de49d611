import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import { memoryWorld } from '../support/world.js';

const digest = { sha256Hex: (value: string) => createHash('sha256').update(value).digest('hex') };
/** The rider phone use cases take the escrow ports plus a digest. */
const withDigest =
  <A,>(useCase: (deps: core.RiderPhoneDeps, args: A) => Promise<core.Result<unknown>>) =>
  (deps: core.EscrowDeps, args: A) =>
    useCase({ ...deps, digest }, args);

/** Every use case, called the way an API route would, with whatever a client might send. */
const USE_CASES: Record<string, (deps: core.EscrowDeps, args: never) => Promise<core.Result<unknown>>> = {
  createOrder: core.createOrder,
  confirmPayment: core.confirmPayment,
  assignRider: core.assignRider,
  removeRider: core.removeRider,
  takeAvailableJob: core.takeAvailableJob,
  acceptJob: core.acceptJob,
  confirmPickup: core.confirmPickup,
  completeDelivery: core.completeDelivery,
  unlockDeliveryCode: core.unlockDeliveryCode,
  confirmSettlement: core.confirmSettlement,
  cancelOrder: core.cancelOrder,
  requestRefund: core.requestRefund,
  resolveRefund: core.resolveRefund,
  submitFeedback: core.submitFeedback,
  recordRiderPayment: core.recordRiderPayment,
  getOrder: core.getOrder,
  addRider: core.addRider,
  deleteRider: core.deleteRider,
  listAvailableJobs: core.listAvailableJobs,
  listAssignedJobs: core.listAssignedJobs,
  takeListedJob: core.takeListedJob,
  requestRiderPhoneCode: withDigest(core.requestRiderPhoneCode),
  verifyRiderPhoneCode: withDigest(core.verifyRiderPhoneCode),
  resolveRiderPhoneProof: withDigest(core.resolveRiderPhoneProof),
  revokeRiderPhoneProof: withDigest(core.revokeRiderPhoneProof),
  phoneOfRiderProof: withDigest(core.phoneOfRiderProof),
};

const actorArb = fc.oneof(
  fc.constant({ kind: 'seller', sellerId: 'seller-a' }),
  fc.constant({ kind: 'admin', userId: 'admin-1' }),
  fc.record({ kind: fc.constant('buyer'), deliveryCode: fc.anything() }),
  fc.record({ kind: fc.constant('rider'), phone: fc.anything(), key: fc.anything() }),
  fc.record({ kind: fc.constant('rider'), phone: fc.oneof(fc.constant('+254733333333'), fc.anything()), phoneProven: fc.anything() }, { requiredKeys: ['kind', 'phone'] }),
  fc.anything(),
);
const argsArb = fc.record(
  {
    orderId: fc.oneof(fc.constant('order-x'), fc.anything()),
    refundId: fc.anything(),
    riderId: fc.anything(),
    actor: actorArb,
    input: fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('itemName', 'price', 'buyerName', 'buyerPhone', 'buyerAddress', 'deliveryCost', 'paymentMethod', 'deliveryPaidBy', 'pinLocationLink', 'buyerCashAmount', 'phone', 'code'), fc.anything()),
      fc.record({ phone: fc.constantFrom('0733333333', '+254744444444'), code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.anything()) }),
    ),
    token: fc.anything(),
    rider: fc.anything(),
    code: fc.anything(),
    mpesaReceipt: fc.anything(),
    termsAccepted: fc.anything(),
    pickupPhotoUrl: fc.anything(),
    reason: fc.anything(),
    resolution: fc.anything(),
    riderRating: fc.anything(),
    sellerRating: fc.anything(),
    comment: fc.anything(),
    paymentReceived: fc.anything(),
    paymentIssue: fc.anything(),
    name: fc.anything(),
    phone: fc.anything(),
    motorbikePlate: fc.anything(),
    reference: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('junk input', () => {
  it('every use case answers any input with a Result, never an exception', async () => {
    const { deps } = memoryWorld();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(USE_CASES)), argsArb, async (name, args) => {
        const useCase = USE_CASES[name];
        if (!useCase) throw new Error(name);
        const result = await useCase(deps, args as never);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(core.isErrorCode(result.error.code)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });
});
