import { payByPaybill } from '../../src/testing/index.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  payoutDetailsFromSignup,
  assignRider,
  buyerOrderView,
  confirmPayment,
  createOrder,
  getBuyerOrder,
  getRiderJob,
  listAssignedJobs,
  listAvailableJobs,
  ORDER_STATUSES,
  PAYMENT_DETAILS_NOT_CONFIGURED,
  publicTrackingView,
  riderJobSummary,
  riderJobView,
  storePhoto,
  takeListedJob,
  type Order,
  type Result,
} from '../../src/index.js';
import { memoryWorld } from '../support/world.js';

const must = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
};

async function anOrder() {
  const w = memoryWorld();
  const seller = { kind: 'seller', sellerId: 'seller-a' } as const;
  const order = must(
    await createOrder(w.deps, {
      actor: seller,
      input: { itemName: 'Galaxy S23', price: 90_000_00, buyerName: 'Njeri Kamau', buyerPhone: '0722000111', buyerAddress: 'Lavington, James Gichuru Rd', deliveryCost: 250_00, estate: 'Lavington', houseNumber: 'B4', landmark: 'Opposite the church', pinLocationLink: 'https://maps.example.com/x' },
    }),
  );
  return { ...w, seller, order };
}

const PERSONAL = (o: Order) => [o.buyerName, o.buyerPhone, o.buyerAddress, o.houseNumber ?? '-', o.landmark ?? '-', o.pinLocationLink ?? '-'];

describe('views: what each caller may see of an order', () => {
  it('public tracking shows item, status and progress only, for every status', async () => {
    const { order } = await anOrder();
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        const view = publicTrackingView({ ...order, status, riderPhone: '+254733333333', riderKey: 'secret-key-value' });
        expect(Object.keys(view).sort()).toEqual(['id', 'itemName', 'paymentConfirmed', 'progressPercent', 'status', 'statusLabel', 'steps']);
        const text = JSON.stringify(view);
        for (const secret of [...PERSONAL(order), order.deliveryCode, order.trackingNumber, 'secret-key-value', '+254733333333']) expect(text).not.toContain(secret);
      }),
    );
  });

  it('the buyer view (shared link) never carries the delivery code, the rider key or payouts, and never invents a Paybill', async () => {
    const { order } = await anOrder();
    const extras = { sellerBusinessName: 'Amani Phones', feedback: null, refundRequested: false, holdsCode: false };
    const withKey = { ...order, riderPhone: '+254733333333', riderName: 'Kamau', riderKey: 'secret-key-value' };
    const view = buyerOrderView(withKey, { ...extras, paybill: { businessNumber: '522533', accountName: 'Escrow Ltd' } });
    const text = JSON.stringify(view);
    expect(text).not.toContain(order.deliveryCode);
    expect(text).not.toContain('secret-key-value');
    expect(text).not.toMatch(/sellerPayout|riderPayout/);
    expect(view.payment).toEqual({ configured: true, businessNumber: '522533', accountName: 'Escrow Ltd', accountNumber: order.trackingNumber, amount: order.price });
    expect(view.rider).toEqual({ name: 'Kamau', phone: '+254733333333' });
    expect(buyerOrderView(order, { ...extras, paybill: { businessNumber: '522533' } }).payment).toEqual({ configured: false, message: PAYMENT_DETAILS_NOT_CONFIGURED });
    expect(buyerOrderView({ ...order, paymentConfirmed: true, status: 'paid' }, { ...extras, paybill: { businessNumber: '522533', accountName: 'x' } }).payment).toBeNull();
    expect(buyerOrderView({ ...order, paymentMethod: 'cash' }, { ...extras, paybill: { businessNumber: '522533', accountName: 'x' } }).payment).toBeNull();
    // The payer (holdsCode) is shown the code, and both see where it was sent.
    const payer = buyerOrderView({ ...order, paymentConfirmed: true, status: 'paid', payerPhone: '+254712345678' }, { ...extras, holdsCode: true, paybill: {} });
    expect(payer).toMatchObject({ deliveryCode: order.deliveryCode, holdsCode: true, codeSentTo: '07xx xxx 678' });
    expect(buyerOrderView({ ...order, payerPhone: '+254712345678' }, { ...extras, paybill: {} })).toMatchObject({ deliveryCode: null, codeSentTo: '07xx xxx 678' });
  });

  it('the rider job view has pickup and delivery details but neither code nor key; summaries carry no buyer personal data', async () => {
    const { order } = await anOrder();
    const assigned = { ...order, status: 'rider_assigned' as const, riderPhone: '+254733333333', riderKey: 'secret-key-value' };
    const seller = { id: 'seller-a', userId: 'u', businessName: 'Amani Phones', location: 'Westlands', phone: '+254711111111', email: null, notifyBySms: true, notifyByEmail: true, payoutDetails: payoutDetailsFromSignup('direct_mpesa', '+254711111111') };
    // Before the rider accepts: the area and the landmark, not who the buyer is nor where exactly.
    const offered = riderJobView(assigned, seller);
    expect(offered.delivery).toEqual({ buyerDetailsHidden: true, buyerName: null, buyerPhone: null, address: null, landmark: 'Opposite the church', estate: 'Lavington', houseNumber: null, pinLocationLink: null });
    for (const secret of PERSONAL(order).filter((text) => text !== order.landmark)) expect(JSON.stringify(offered)).not.toContain(secret);
    const job = riderJobView({ ...assigned, riderAcceptedAt: new Date() }, seller);
    expect(job.delivery).toEqual({ buyerDetailsHidden: false, buyerName: 'Njeri Kamau', buyerPhone: '+254722000111', address: 'Lavington, James Gichuru Rd', landmark: 'Opposite the church', estate: 'Lavington', houseNumber: 'B4', pinLocationLink: 'https://maps.example.com/x' });
    expect(job.pickup).toEqual({ sellerBusinessName: 'Amani Phones', location: 'Westlands', sellerLocation: 'Westlands', sellerPhone: '+254711111111' });
    for (const secret of [order.deliveryCode, 'secret-key-value']) expect(JSON.stringify(job)).not.toContain(secret);
    const summary = JSON.stringify(riderJobSummary(assigned, seller));
    for (const secret of [...PERSONAL(order), order.deliveryCode, 'secret-key-value', order.trackingNumber]) expect(summary).not.toContain(secret);
    expect(summary).toContain('Lavington');
  });
});

describe('read use cases for the buyer and rider pages', () => {
  it('getBuyerOrder: right code only; a wrong code is the same not-found as a missing order', async () => {
    const { deps, order } = await anOrder();
    expect(must(await getBuyerOrder(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode } })).seller?.businessName).toBe('Amani Phones');
    const wrong = await getBuyerOrder(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: '000000' } });
    const missing = await getBuyerOrder(deps, { orderId: 'nope', actor: { kind: 'buyer', deliveryCode: order.deliveryCode } });
    expect(wrong).toEqual(missing);
    expect(await getBuyerOrder(deps, { orderId: order.id, actor: { kind: 'seller', sellerId: 'seller-a' } })).toEqual(missing);
  });

  it('riders: job lists by phone, a job only with the current key, taking only from a listed phone', async () => {
    const { deps, order, seller } = await anOrder();
    await payByPaybill(deps, order, 'NLJ7RT61SV');
    must(await confirmPayment(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    const listed = { kind: 'rider', phone: '+254733333333', phoneProven: true } as const;
    const unproven = { kind: 'rider', phone: '+254733333333' } as const;
    for (const read of [listAvailableJobs, listAssignedJobs]) expect(await read(deps, { actor: unproven })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    expect(await takeListedJob(deps, { orderId: order.id, actor: unproven })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    expect(must(await listAvailableJobs(deps, { actor: listed })).map((j) => j.order.id)).toEqual([order.id]);
    expect(must(await listAvailableJobs(deps, { actor: { kind: 'rider', phone: '+254799999999', phoneProven: true } }))).toEqual([]);
    expect(await takeListedJob(deps, { orderId: order.id, actor: { kind: 'rider', phone: '+254799999999', phoneProven: true } })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    const taken = must(await takeListedJob(deps, { orderId: order.id, actor: listed }));
    expect(must(await listAssignedJobs(deps, { actor: listed })).map((j) => j.order.id)).toEqual([order.id]);
    expect(must(await getRiderJob(deps, { orderId: order.id, actor: { ...listed, key: taken.riderKey ?? '' } })).order.id).toBe(order.id);
    const reassigned = must(await assignRider(deps, { orderId: order.id, actor: seller, rider: { name: 'Other', phone: '0744444444' } }));
    expect(await getRiderJob(deps, { orderId: order.id, actor: { ...listed, key: taken.riderKey ?? '' } })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    expect(await getRiderJob(deps, { orderId: order.id, actor: { kind: 'rider', phone: '+254744444444' } })).toMatchObject({ ok: false });
    expect(must(await getRiderJob(deps, { orderId: order.id, actor: { kind: 'rider', phone: '+254744444444', key: reassigned.riderKey ?? '' } })).order.riderName).toBe('Other');
  });

  it('storePhoto checks the bytes, not the name, and stores under a timestamped random name', async () => {
    const { deps } = await anOrder();
    const stored: string[] = [];
    const files = { put: async (path: string) => (stored.push(path), { url: `/u/${path}` }), remove: async () => undefined };
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const ok = must(await storePhoto({ ...deps, files }, { folder: 'products', bytes: png }));
    expect(ok.path).toMatch(/^products\/\d+-[A-Za-z0-9_-]+\.png$/);
    expect(await storePhoto({ ...deps, files }, { folder: 'products', bytes: new TextEncoder().encode('<svg onload=alert(1)>') })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(stored).toHaveLength(1);
  });
});
