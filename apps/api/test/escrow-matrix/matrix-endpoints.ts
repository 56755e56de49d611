import { randomUUID } from 'node:crypto';
import { freshPhone } from '../escrow-support/world.js';
import { CALLERS, PROVEN_RIDERS, SELLERS, type CallerName, type Scenario, type Stage } from './matrix-scenarios.js';

export interface MatrixRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly json?: unknown;
  /** multipart: a pickup photo (`photo`). */
  readonly photo?: true;
}

/**
 * One row of the matrix. `target` names the resource the path points at; for `order`, `rider`
 * and `refund` rows every denial must equal the answer the same caller gets for an id that
 * does not exist (existence must not leak). `list` rows answer each allowed caller with its own
 * list: `seenBy` says whose list may contain the scenario's order. `create` rows make something
 * new: a denial must create nothing. `contact` rows name a contact message, `payment` rows an
 * unmatched Paybill payment and `payout` rows a failed payout (same rule as `order`).
 */
export interface Endpoint {
  readonly name: string;
  readonly stage: Stage;
  readonly allowed: readonly CallerName[];
  readonly target: 'order' | 'rider' | 'refund' | 'contact' | 'payment' | 'payout' | 'list' | 'create' | 'file';
  readonly seenBy?: readonly CallerName[];
  /** Whether an allowed call changes state (then every caller gets a fresh scenario). */
  readonly mutates: boolean;
  /** `false` for the seller profile routes, which take no Idempotency-Key (setting a section twice is harmless). */
  readonly takesIdempotencyKey?: false;
  request(s: Scenario, id: string): MatrixRequest;
}

const EVERYONE = CALLERS;
const receipt = () => `QM${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

export const NEW_ORDER = { itemName: 'Matrix test item', price: '1500', buyerName: 'Wambui', buyerPhone: '0733 111 222', buyerAddress: 'Kilimani, Argwings Kodhek Road', deliveryCost: '200' };

export const ENDPOINTS: readonly Endpoint[] = [
  // buyer (order id + delivery code)
  { name: 'GET /api/buyer/orders/:id', stage: 'assigned', allowed: ['buyer (right code)'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/buyer/orders/${id}` }) },
  { name: 'POST /api/buyer/orders/:id/payment', stage: 'pod_assigned', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/payment`, json: { termsAccepted: true, mpesaReceipt: receipt() } }) },
  // The M-Pesa prompt: the world talks to the Daraja simulator (authorization-matrix.test.ts).
  { name: 'POST /api/buyer/orders/:id/mpesa-prompt', stage: 'created', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/mpesa-prompt`, json: { phone: '0733 111 222' } }) },
  { name: 'GET /api/buyer/orders/:id/mpesa-prompt', stage: 'created', allowed: ['buyer (right code)'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/buyer/orders/${id}/mpesa-prompt` }) },
  // Only ever to the phone that paid (the scenario's paid orders have one), so the link may ask.
  { name: 'POST /api/buyer/orders/:id/resend-code', stage: 'assigned', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/resend-code` }) },
  // The code from the payment SMS makes the caller's browser the payer's (decision 0047); only the code's holder.
  { name: 'POST /api/buyer/orders/:id/payer-browser', stage: 'assigned', allowed: ['buyer (right code)'], target: 'order', mutates: true, takesIdempotencyKey: false, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/payer-browser` }) },
  { name: 'POST /api/buyer/orders/:id/refund-request', stage: 'assigned', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/refund-request`, json: { reason: 'Wrong item shown in the photo' } }) },
  // The buyer's language for their texts (decision 0066): whoever opens the order as its buyer.
  { name: 'PUT /api/buyer/orders/:id/locale', stage: 'assigned', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'PUT', path: `/api/buyer/orders/${id}/locale`, json: { locale: 'sw' } }) },
  { name: 'POST /api/buyer/orders/:id/feedback', stage: 'delivered', allowed: ['buyer (right code)'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/buyer/orders/${id}/feedback`, json: { riderRating: 5, sellerRating: 4 } }) },

  // rider: phone + this browser's proof of it (decision 0046); a number alone is 401 (the exploit of issue 16)
  { name: 'GET /api/rider/jobs/available', stage: 'released', allowed: PROVEN_RIDERS, seenBy: PROVEN_RIDERS, target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/rider/jobs/available' }) },
  { name: 'GET /api/rider/jobs/assigned', stage: 'assigned', allowed: PROVEN_RIDERS, seenBy: ['assigned rider'], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/rider/jobs/assigned' }) },
  // Every proven rider on the seller's list may take a released job (R2's assignment was removed; R1 and R3 are listed too).
  { name: 'POST /api/rider/orders/:id/take', stage: 'released', allowed: PROVEN_RIDERS, target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/take` }) },
  // Proving a phone: anyone may ask for a code (the same answer for any number; an unlisted one is texted nothing),
  // nobody without the SMS gets a proof, and anyone may forget this browser's proof.
  { name: 'POST /api/rider/phone-code', stage: 'released', allowed: EVERYONE, target: 'create', mutates: false, request: () => ({ method: 'POST', path: '/api/rider/phone-code', json: { phone: freshPhone() } }) },
  { name: 'POST /api/rider/phone-proof', stage: 'released', allowed: [], target: 'create', mutates: false, request: (s) => ({ method: 'POST', path: '/api/rider/phone-proof', json: { phone: s.phones.r3, code: '123456' } }) },
  // Which phone this browser proved: each caller learns only its own (seenBy is not checked: R3's own answer names R3).
  { name: 'GET /api/rider/phone-proof', stage: 'released', allowed: EVERYONE, seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/rider/phone-proof' }) },
  { name: 'DELETE /api/rider/phone-proof', stage: 'released', allowed: EVERYONE, target: 'create', mutates: false, request: () => ({ method: 'DELETE', path: '/api/rider/phone-proof' }) },
  // rider: phone + the key of the current assignment
  { name: 'GET /api/rider/orders/:id', stage: 'assigned', allowed: ['assigned rider'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/rider/orders/${id}` }) },
  { name: 'POST /api/rider/orders/:id/accept', stage: 'assigned', allowed: ['assigned rider'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/accept` }) },
  { name: 'POST /api/rider/orders/:id/pickup', stage: 'accepted', allowed: ['assigned rider'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/pickup`, photo: true }) },
  { name: 'POST /api/rider/orders/:id/complete', stage: 'in_transit', allowed: ['assigned rider'], target: 'order', mutates: true, request: (s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/complete`, json: { deliveryCode: s.order.deliveryCode } }) },
  { name: 'POST /api/rider/orders/:id/payment-confirmation', stage: 'in_transit', allowed: ['assigned rider'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/payment-confirmation`, json: { paymentReceived: true } }) },
  // The rider's language for their texts (decision 0066): the job link's phone and key.
  { name: 'PUT /api/rider/orders/:id/locale', stage: 'assigned', allowed: ['assigned rider'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'PUT', path: `/api/rider/orders/${id}/locale`, json: { locale: 'sw' } }) },
  { name: 'POST /api/rider/orders/:id/refund-request', stage: 'in_transit', allowed: ['assigned rider'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/rider/orders/${id}/refund-request`, json: { reason: 'Buyer rejected the item at the door' } }) },

  // anyone
  { name: 'GET /api/public/orders/:id', stage: 'assigned', allowed: EVERYONE, target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/public/orders/${id}` }) },
  { name: 'GET /uploads/order-photos/:folder/:name', stage: 'created', allowed: EVERYONE, target: 'file', mutates: false, request: (_s, id) => ({ method: 'GET', path: id }) },
  // live, per order: its buyer and its current rider
  { name: 'GET /api/live/orders/:id', stage: 'assigned', allowed: ['buyer (right code)', 'assigned rider'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/live/orders/${id}` }) },

  // seller (session with a seller record)
  { name: 'GET /api/seller/orders', stage: 'assigned', allowed: SELLERS, seenBy: ["the order's seller"], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/seller/orders?page=1&pageSize=100' }) },
  { name: 'GET /api/seller/orders/:id', stage: 'assigned', allowed: ["the order's seller"], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/seller/orders/${id}` }) },
  { name: 'POST /api/seller/orders', stage: 'created', allowed: SELLERS, target: 'create', mutates: true, request: () => ({ method: 'POST', path: '/api/seller/orders', json: NEW_ORDER }) },
  { name: 'POST /api/seller/orders/:id/cancel', stage: 'created', allowed: ["the order's seller"], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/seller/orders/${id}/cancel`, json: {} }) },
  { name: 'POST /api/seller/orders/:id/rider', stage: 'assigned', allowed: ["the order's seller"], target: 'order', mutates: true, request: (s, id) => ({ method: 'POST', path: `/api/seller/orders/${id}/rider`, json: { riderId: s.riderId } }) },
  { name: 'DELETE /api/seller/orders/:id/rider', stage: 'assigned', allowed: ["the order's seller"], target: 'order', mutates: true, request: (_s, id) => ({ method: 'DELETE', path: `/api/seller/orders/${id}/rider` }) },
  { name: 'POST /api/seller/orders/:id/unlock-code', stage: 'locked', allowed: ["the order's seller"], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/seller/orders/${id}/unlock-code` }) },
  { name: 'POST /api/seller/orders/:id/refund-request', stage: 'in_transit', allowed: ["the order's seller"], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/seller/orders/${id}/refund-request`, json: { reason: 'The buyer rejected the item' } }) },
  { name: 'GET /api/seller/riders', stage: 'assigned', allowed: SELLERS, seenBy: ["the order's seller"], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/seller/riders' }) },
  { name: 'POST /api/seller/riders', stage: 'created', allowed: SELLERS, target: 'create', mutates: true, request: () => ({ method: 'POST', path: '/api/seller/riders', json: { name: 'Kamau', phone: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, motorbikePlate: 'KMD 555X' } }) },
  { name: 'DELETE /api/seller/riders/:id', stage: 'assigned', allowed: ["the order's seller"], target: 'rider', mutates: true, request: (_s, id) => ({ method: 'DELETE', path: `/api/seller/riders/${id}` }) },
  { name: 'GET /api/seller/dashboard', stage: 'assigned', allowed: SELLERS, seenBy: ["the order's seller"], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/seller/dashboard' }) },
  { name: 'GET /api/seller/fee-policy', stage: 'created', allowed: SELLERS, seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/seller/fee-policy' }) },
  // The seller's own notification choice (decision 0048), found by the session only: a request names no seller.
  {
    name: 'PUT /api/seller/profile/notifications',
    stage: 'created',
    allowed: SELLERS,
    target: 'create',
    mutates: false,
    takesIdempotencyKey: false,
    request: () => ({ method: 'PUT', path: '/api/seller/profile/notifications', json: { notifyBySms: true, notifyByEmail: false } }),
  },
  { name: 'GET /api/live/seller', stage: 'assigned', allowed: SELLERS, target: 'list', seenBy: [], mutates: false, request: () => ({ method: 'GET', path: '/api/live/seller' }) },

  // admin (session with the admin role)
  { name: 'GET /api/admin/orders', stage: 'assigned', allowed: ['admin'], seenBy: ['admin'], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/orders?status=rider_assigned&pageSize=100' }) },
  { name: 'GET /api/admin/orders/:id', stage: 'assigned', allowed: ['admin'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/admin/orders/${id}` }) },
  { name: 'POST /api/admin/orders/:id/settlement', stage: 'delivered', allowed: ['admin'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/orders/${id}/settlement`, json: { reference: 'B2C-REF-1' } }) },
  { name: 'POST /api/admin/orders/:id/unlock-code', stage: 'locked', allowed: ['admin'], target: 'order', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/orders/${id}/unlock-code` }) },
  { name: 'GET /api/admin/payments/unverified', stage: 'assigned', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/payments/unverified' }) },
  // created: the order awaits payment, so the unmatched payment (its price) can be attached to it.
  { name: 'POST /api/admin/payments/unmatched/:transId/attach', stage: 'created', allowed: ['admin'], target: 'payment', mutates: true, request: (s, id) => ({ method: 'POST', path: `/api/admin/payments/unmatched/${id}/attach`, json: { trackingNumber: s.order.trackingNumber } }) },
  { name: 'POST /api/admin/payments/unmatched/:transId/refund', stage: 'created', allowed: ['admin'], target: 'payment', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/payments/unmatched/${id}/refund`, json: { mpesaReference: 'RFD7654321' } }) },
  { name: 'GET /api/admin/refund-requests', stage: 'refund_requested', allowed: ['admin'], seenBy: ['admin'], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/refund-requests?pageSize=100' }) },
  { name: 'POST /api/admin/refund-requests/:id/resolve', stage: 'refund_requested', allowed: ['admin'], target: 'refund', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/refund-requests/${id}/resolve`, json: { decision: 'refund', mpesaReference: 'RFD1234567' } }) },
  { name: 'GET /api/live/admin', stage: 'assigned', allowed: ['admin'], target: 'list', seenBy: [], mutates: false, request: () => ({ method: 'GET', path: '/api/live/admin' }) },
  // admin area (issue 6)
  { name: 'GET /api/admin/summary', stage: 'assigned', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/summary' }) },
  { name: 'GET /api/admin/sellers', stage: 'assigned', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/sellers?pageSize=100' }) },
  { name: 'GET /api/admin/contacts', stage: 'assigned', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/contacts?status=open' }) },
  { name: 'POST /api/admin/contacts/:id/resolve', stage: 'created', allowed: ['admin'], target: 'contact', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/contacts/${id}/resolve` }) },
  { name: 'GET /api/admin/payment-config', stage: 'created', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/payment-config' }) },
  {
    name: 'PUT /api/admin/payment-config',
    stage: 'created',
    allowed: ['admin'],
    target: 'create',
    mutates: true,
    request: () => ({ method: 'PUT', path: '/api/admin/payment-config', json: { businessNumber: String(500_000 + Math.floor(Math.random() * 400_000)), accountNumber: 'MATRIX-1', accountName: 'Matrix Ltd' } }),
  },
  // payouts by M-Pesa (issue 17, decision 0051): the scenario's payout failed at M-Pesa
  { name: 'GET /api/admin/payouts', stage: 'payout_failed', allowed: ['admin'], seenBy: ['admin'], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/payouts?failed=1&limit=500' }) },
  { name: 'GET /api/admin/payouts/reconciliation', stage: 'payout_failed', allowed: ['admin'], seenBy: [], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/payouts/reconciliation' }) },
  { name: 'GET /api/admin/orders/:id/payouts', stage: 'payout_failed', allowed: ['admin'], target: 'order', mutates: false, request: (_s, id) => ({ method: 'GET', path: `/api/admin/orders/${id}/payouts` }) },
  { name: 'POST /api/admin/payouts/:id/retry', stage: 'payout_failed', allowed: ['admin'], target: 'payout', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/payouts/${id}/retry` }) },
  { name: 'POST /api/admin/payouts/:id/reference', stage: 'payout_failed', allowed: ['admin'], target: 'payout', mutates: true, request: (_s, id) => ({ method: 'POST', path: `/api/admin/payouts/${id}/reference`, json: { reference: receipt() } }) },
  // The CSV holds every order id: only the admin's answer may contain the scenario's order.
  { name: 'GET /api/admin/export.csv', stage: 'assigned', allowed: ['admin'], seenBy: ['admin'], target: 'list', mutates: false, request: () => ({ method: 'GET', path: '/api/admin/export.csv' }) },
];
