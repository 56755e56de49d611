import { acceptJob, addRider, approvePayouts, assignRider, completeDelivery, confirmPickup, recordC2bPayment, removeRider, requestRefund, runPayoutRound, type Cents, type Order } from '@escrow/core';
import { testReceipt } from '@escrow/core/testing';
import { freshPhone, must } from '../escrow-support/world.js';
import type { SqlDialect } from '@escrow/db-kysely';
import type { SellerSession, SellerWorld, Session } from '../escrow-seller/seller-world.js';
import { openMpesaWorld, type MpesaWorld } from '../mpesa/mpesa-world.js';
import { eventually } from '../helpers/late-server.js';
import { readRiderCodeSms, riderProofCookie } from '../helpers/rider-code-sms.js';

/** SELLER_SIGNUP's payout number as M-Pesa names it. */
const SELLERS_PAYOUT_MSISDN = '254712345678';

/**
 * The world every endpoint of the matrix is served in: M-Pesa by the Daraja simulator (the
 * buyer's prompt routes answer) and payouts on approval (decision 0051). M-Pesa refuses every
 * payout to the sellers' phone ("insufficient funds"), so a payout stays failed for Retry and
 * Record reference to act on.
 */
export async function openMatrixWorld(dialect: SqlDialect, env: NodeJS.ProcessEnv = {}): Promise<MpesaWorld> {
  const world = await openMpesaWorld(dialect, {
    env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_PAYOUTS: 'approval', ...env },
    payoutIntervalMs: 60_000,
  });
  world.sim.payouts.setBehaviour(SELLERS_PAYOUT_MSISDN, { outcome: 'insufficient_funds' });
  return world;
}

/** Everyone the access rules distinguish (issue 4), plus a phone nobody listed. */
export const CALLERS = [
  'anonymous',
  'buyer (right code)',
  'buyer (wrong code)',
  "the order's seller",
  'another seller',
  'assigned rider',
  'same-seller rider, not assigned',
  'previous rider',
  'admin',
  'random phone',
  'listed rider without proof',
] as const;
export type CallerName = (typeof CALLERS)[number];

/** The listed riders, each with this browser's proof of their phone (a code from an SMS, decision 0046). */
export const PROVEN_RIDERS: readonly CallerName[] = ['assigned rider', 'same-seller rider, not assigned', 'previous rider'];
export const SELLERS: readonly CallerName[] = ["the order's seller", 'another seller'];

/**
 * How far the order has come:
 * - created: awaiting payment, no rider (R1 -> R2 happened on a sibling order);
 * - pod_assigned: an unpaid mpesa_pod order with R1 replaced by R2;
 * - released: paid, R1 replaced by R2, then the rider removed (a job riders may take);
 * - assigned / accepted / in_transit / delivered: paid, R1 replaced by R2, then R2's steps;
 * - locked: in transit with 5 wrong delivery codes entered;
 * - refund_requested: assigned, and the buyer asked for a refund;
 * - payout_failed: delivered, the payout approved, and M-Pesa refused it (the matrix's
 *   simulator answers every payout to the seller's phone with "insufficient funds").
 */
export type Stage = 'created' | 'pod_assigned' | 'released' | 'assigned' | 'accepted' | 'in_transit' | 'locked' | 'delivered' | 'refund_requested' | 'payout_failed';

export interface Scenario {
  readonly order: Order;
  readonly headers: Record<CallerName, Record<string, string>>;
  readonly phones: { readonly r1: string; readonly r2: string; readonly r3: string };
  /** The id of R3 on the seller's rider list. */
  readonly riderId: string;
  readonly refundRequestId: string | null;
  /** The order's seller payout, failed at M-Pesa (stage payout_failed only). */
  readonly payoutId: string | null;
  /** An unresolved contact-form message (admin Contacts tab). */
  readonly contactId: string;
  /** A Paybill payment of the order's price to an account number no order has (admin Unmatched payments). */
  readonly unmatchedTransId: string;
}

export interface Cast {
  readonly seller: SellerSession;
  readonly otherSeller: SellerSession;
  readonly admin: Session;
}

const cookie = (session: Session) => ({ cookie: `session=${session.cookie}` });

/** A rider proves the phone as the rider page does (a code by SMS, read from the message); answers the proof cookie. */
async function proveRiderPhone(world: SellerWorld, phone: string): Promise<string> {
  const sent = await world.call('POST', '/api/rider/phone-code', { json: { phone } });
  if (sent.status !== 200) throw new Error(`phone code: ${sent.status} ${sent.text}`);
  const proved = await world.call('POST', '/api/rider/phone-proof', { json: { phone, code: await readRiderCodeSms(world.sms, phone) } });
  const proof = riderProofCookie(proved.headers);
  if (!proof) throw new Error(`phone proof: ${proved.status} ${proved.text}`);
  return proof;
}

/** A fresh order at `stage` of `cast.seller`, and every caller's credentials for it. */
export async function scenario(world: SellerWorld, cast: Cast, stage: Stage): Promise<Scenario> {
  const { deps } = world;
  const seller = cast.seller.actor;
  const riders = [];
  for (let i = 0; i < 3; i += 1) riders.push(must(await addRider(deps, { actor: seller, name: `Rider ${i + 1}`, phone: freshPhone(), motorbikePlate: `KMC ${100 + i}A` })));
  const [r1, r2, r3] = riders as [(typeof riders)[0], (typeof riders)[0], (typeof riders)[0]];

  const base = stage === 'created' ? await world.order(cast.seller) : stage === 'pod_assigned' ? await world.order(cast.seller, { paymentMethod: 'mpesa_pod' }) : await world.paid(cast.seller);
  const target = stage === 'created' ? await world.paid(cast.seller) : base;
  const first = must(await assignRider(deps, { orderId: target.id, actor: seller, rider: { riderId: r1.id } }));
  const second = must(await assignRider(deps, { orderId: target.id, actor: seller, rider: { riderId: r2.id } }));
  const third = must(await assignRider(deps, { orderId: (await world.paid(cast.seller)).id, actor: seller, rider: { riderId: r3.id } }));
  const rider = { kind: 'rider', phone: r2.phone, key: second.riderKey ?? '' } as const;
  let refundRequestId: string | null = null;
  if (stage === 'released') must(await removeRider(deps, { orderId: base.id, actor: seller }));
  const delivered = stage === 'delivered' || stage === 'payout_failed';
  if (['accepted', 'in_transit', 'locked'].includes(stage) || delivered) must(await acceptJob(deps, { orderId: base.id, actor: rider }));
  if (['in_transit', 'locked'].includes(stage) || delivered) must(await confirmPickup(deps, { orderId: base.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/p.png' }));
  if (stage === 'locked') {
    const wrong = base.deliveryCode === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) await completeDelivery(deps, { orderId: base.id, actor: rider, code: wrong });
  }
  if (delivered) must(await completeDelivery(deps, { orderId: base.id, actor: rider, code: base.deliveryCode }));
  let payoutId: string | null = null;
  if (stage === 'payout_failed') {
    // As an admin's 'Approve payout' and the payout worker do; M-Pesa's Result arrives by callback.
    const payout = must(await approvePayouts(deps, { orderId: base.id, actor: { kind: 'admin', userId: cast.admin.userId } })).payouts.find((p) => p.purpose === 'seller');
    if (!payout) throw new Error('no payout planned for the delivered order');
    await runPayoutRound(deps);
    const failed = await eventually(async () => (await deps.store.read((tx) => tx.payouts.get(payout.id)))?.state === 'failed' || undefined, 15_000);
    if (failed !== true) throw new Error('the payout did not fail');
    payoutId = payout.id;
  }
  if (stage === 'refund_requested') refundRequestId = must(await requestRefund(deps, { orderId: base.id, actor: { kind: 'buyer', deliveryCode: base.deliveryCode }, reason: 'The seller sent the wrong colour' })).id;

  // As M-Pesa names the phone that paid (a prompt's, or a plain C2B MSISDN): where the code is sent.
  if (base.paymentConfirmed || stage !== 'created') await world.composed.database.db.updateTable('orders').set({ payer_phone: '+254700111222' }).where('id', '=', base.id).execute();
  const order = await world.reload(base.id);
  // The three listed riders have proved their phones on their own browsers.
  const [p1, p2, p3] = await Promise.all([r1, r2, r3].map((r) => proveRiderPhone(world, r.phone)));
  const contactId = `contact-${order.id}`;
  await world.composed.database.db
    .insertInto('contact_submissions')
    .values({ id: contactId, name: 'Matrix Caller', email: 'matrix@example.com', phone: null, message: 'Please call me back', resolved: world.dialect === 'sqlite' ? 0 : false, resolved_at: null, resolved_by: null, created_at: new Date().toISOString() })
    .execute();
  const unmatchedTransId = testReceipt();
  must(
    await recordC2bPayment(deps, { transId: unmatchedTransId, billRefNumber: `X${order.trackingNumber}`, amount: order.price as Cents, msisdn: 'matrix-payer', payerName: 'MATRIX PAYER', businessShortCode: '174379', transTime: '20261125120000' }),
  );
  return {
    contactId,
    unmatchedTransId,
    order,
    phones: { r1: r1.phone, r2: r2.phone, r3: r3.phone },
    riderId: r3.id,
    refundRequestId,
    payoutId,
    headers: {
      anonymous: {},
      'buyer (right code)': { 'x-delivery-code': order.deliveryCode },
      'buyer (wrong code)': { 'x-delivery-code': order.deliveryCode === '123456' ? '654321' : '123456' },
      "the order's seller": cookie(cast.seller),
      'another seller': cookie(cast.otherSeller),
      'assigned rider': { 'x-rider-phone': r2.phone, 'x-rider-key': second.riderKey ?? '', cookie: p2 ?? '' },
      'same-seller rider, not assigned': { 'x-rider-phone': r3.phone, 'x-rider-key': third.riderKey ?? '', cookie: p3 ?? '' },
      'previous rider': { 'x-rider-phone': r1.phone, 'x-rider-key': first.riderKey ?? '', cookie: p1 ?? '' },
      admin: cookie(cast.admin),
      'random phone': { 'x-rider-phone': freshPhone(), 'x-rider-key': 'x'.repeat(22) },
      // The exploit of issue 16: someone who knows a listed rider's number, without the SMS.
      'listed rider without proof': { 'x-rider-phone': r3.phone },
    },
  };
}
