import { randomBytes, randomUUID } from 'node:crypto';
import { legacyPaymentFields, type C2bPayment, type Cents, type Order, type Rider, type SellerRef, type StatusQuery, type StkRequest } from '@escrow/core';
import { payoutDetailsToRow } from '../../src/store/payout-details-mapping.js';
import type { StoreHarness } from './store-harness.js';

export const cents = (value: number): Cents => value as Cents;

/** Distinct millisecond-precision instants, so a lost millisecond would show. */
export const at = (minute: number, ms = 0): Date => new Date(Date.UTC(2026, 0, 15, 9, minute, 7, 123 + ms));

const TRACKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function trackingNumber(): string {
  return [...randomBytes(10)].map((b) => TRACKING_ALPHABET[b % TRACKING_ALPHABET.length]).join('');
}

export function receiptCode(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

export function phone(): string {
  return `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * A user and a seller row, written directly: the store's ports only read sellers. Paid by
 * default to an M-Pesa phone of its own (not its business phone). `beforeMigration0017`: the
 * row as the code before 0017 wrote it, with only the spec's payment method and number.
 */
export async function seedSeller(h: StoreHarness, overrides: Partial<SellerRef> = {}, options: { beforeMigration0017?: boolean } = {}): Promise<SellerRef> {
  const seller: SellerRef = {
    id: randomUUID(),
    userId: randomUUID(),
    businessName: 'Amani Phones',
    location: 'Westlands, Nairobi',
    phone: phone(),
    email: `amani-${randomUUID().slice(0, 8)}@example.com`,
    notifyBySms: true,
    notifyByEmail: true,
    payoutDetails: { method: 'mpesa_phone', phone: '+254711000111', paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null },
    locale: 'en',
    ...overrides,
  };
  const legacy = legacyPaymentFields(seller.payoutDetails);
  const payout = options.beforeMigration0017 ? {} : payoutDetailsToRow(seller.payoutDetails);
  // The choice is written only when it is not the default, so databases before 0016 take the row too.
  const chosen = seller.notifyBySms && seller.notifyByEmail ? {} : { notify_by_sms: h.dialect === 'sqlite' ? Number(seller.notifyBySms) : seller.notifyBySms, notify_by_email: h.dialect === 'sqlite' ? Number(seller.notifyByEmail) : seller.notifyByEmail };
  const created = at(0).toISOString();
  await h.db
    .insertInto('users')
    // The language only when it is not the default, so databases before 0022 take the row too.
    .values({ id: seller.userId, email: `user-${seller.userId}@example.com`, password_hash: 'argon2id$test', created_at: created, last_sign_in_at: null, ...(seller.locale && seller.locale !== 'en' ? { locale: seller.locale } : {}) })
    .execute();
  await h.db
    .insertInto('sellers')
    .values({
      id: seller.id,
      user_id: seller.userId,
      business_name: seller.businessName,
      business_profile: null,
      location: seller.location,
      phone: seller.phone,
      whatsapp: null,
      logo_url: null,
      about: null,
      payment_method: legacy.paymentMethod,
      payment_number: legacy.paymentNumber,
      ...payout,
      terms_accepted: h.dialect === 'sqlite' ? 1 : true,
      terms_accepted_at: created,
      email: seller.email,
      ...chosen,
      created_at: created,
      updated_at: created,
    })
    .execute();
  return seller;
}

/** A fresh order as createOrder makes it: awaiting payment, every optional field empty. */
export function newOrder(sellerId: string, overrides: Partial<Order> = {}): Order {
  return {
    id: randomUUID(),
    sellerId,
    trackingNumber: trackingNumber(),
    itemName: 'Samsung A15',
    price: cents(18_999_50),
    productPhotoUrl: null,
    packagedPhotoUrl: null,
    pickupPhotoUrl: null,
    paymentMethod: 'mpesa_prepay',
    buyerCashAmount: null,
    buyerName: 'Wanjiru Kamau',
    buyerPhone: '+254712345678',
    buyerLocale: 'en',
    buyerAddress: 'Kilimani, Argwings Kodhek Rd',
    pinLocationLink: null,
    landmark: null,
    houseNumber: null,
    estate: null,
    pickupLocation: 'Westlands, Nairobi',
    deliveryCode: '482913',
    deliveryCost: cents(300_00),
    deliveryPaidBy: 'buyer',
    feeBasisPoints: 250,
    serviceFee: cents(475_00),
    sellerPayout: cents(18_524_50),
    riderPayout: cents(300_00),
    status: 'awaiting_payment',
    paymentConfirmed: false,
    paymentConfirmedAt: null,
    mpesaReceipt: null,
    paymentVerifiedBy: null,
    paymentReceived: null,
    paymentClaimedAt: null,
    paymentClaimReceipt: null,
    termsAcceptedAt: null,
    settlementPaid: false,
    settledAt: null,
    settlementReference: null,
    riderName: null,
    riderPhone: null,
    riderKey: null,
    riderAssignedAt: null,
    riderAcceptedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    cancelledAt: null,
    codeAttempts: 0,
    codeLockedAt: null,
    estimatedDistanceKm: null,
    estimatedTimeMinutes: null,
    createdAt: at(1),
    updatedAt: at(1),
    version: 0,
    buyerViewKey: `vk_${randomUUID().slice(0, 19)}`,
    payerPhone: null,
    payerToken: null,
    ...overrides,
  };
}

export function newRider(sellerId: string, overrides: Partial<Rider> = {}): Rider {
  return { id: randomUUID(), sellerId, name: 'Otieno', phone: phone(), motorbikePlate: 'KMEA 123B', createdAt: at(2), ...overrides };
}

/** An STK Push just accepted by Daraja: pending, its first query due a minute later. */
export function newStkRequest(orderId: string, overrides: Partial<StkRequest> = {}): StkRequest {
  return {
    id: randomUUID(),
    orderId,
    msisdn: '254712345678',
    amount: cents(19_000_00),
    status: 'pending',
    checkoutRequestId: `ws_CO_${randomBytes(8).toString('hex')}`,
    merchantRequestId: `29115-${randomBytes(4).toString('hex')}-1`,
    resultCode: null,
    resultDesc: null,
    callbackResultCode: null,
    callbackReceipt: null,
    callbackAmount: null,
    callbackPhone: null,
    callbacks: 0,
    queries: 0,
    nextQueryAt: at(11),
    createdAt: at(10),
    updatedAt: at(10),
    settledAt: null,
    payerToken: null,
    ...overrides,
  };
}

/** A Transaction Status query about a claim, sent and waiting for its Result. */
export function newStatusQuery(orderId: string, overrides: Partial<StatusQuery> = {}): StatusQuery {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    orderId,
    receipt: 'NLJ7RT61SV',
    attempt: 1,
    shortCode: '174379',
    originatorConversationId: `escrow-ts-${id}`,
    conversationId: `AG_20260115_${randomBytes(10).toString('hex')}`,
    status: 'sent',
    nextAttemptAt: at(12),
    resultCode: null,
    resultDesc: null,
    resultReceipt: null,
    resultAmount: null,
    resultCreditParty: null,
    resultTransactionStatus: null,
    outcome: null,
    note: null,
    createdAt: at(10),
    updatedAt: at(10),
    answeredAt: null,
    ...overrides,
  };
}

/** A Paybill payment Safaricom confirmed that matched no order yet. */
export function newC2bPayment(overrides: Partial<C2bPayment> = {}): C2bPayment {
  return {
    transId: receiptCode(),
    billRefNumber: 'ABC123XYZ9',
    amount: cents(19_000_00),
    msisdn: '2547 ***** 678',
    payerName: 'WANJIRU KAMAU',
    businessShortCode: '600984',
    transTime: '20260115120707',
    receivedAt: at(12),
    status: 'unmatched',
    orderId: null,
    note: 'No order has this account number',
    resolvedBy: null,
    resolvedAt: null,
    ...overrides,
  };
}
