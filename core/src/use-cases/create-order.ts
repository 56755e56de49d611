import { err, ok, type Result } from '../errors.js';
import { generateDeliveryCode } from '../codes/delivery-code.js';
import { generateTrackingNumber } from '../codes/tracking-number.js';
import { viewTexts } from '../messages/view-texts.js';
import { MAX_PRICE_CENTS, toCents, type Cents } from '../money/cents.js';
import { computeOrderMoney, type DeliveryPaidBy } from '../money/payouts.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../orders/order-status.js';
import type { OrderChangedEvent } from '../ports/event-bus.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import { actorForAudit } from '../ports/records.js';
import { normalizeKenyanPhone } from '../validation/phone.js';
import type { EscrowDeps } from './deps.js';
import { validationMessages } from '../validation/messages.js';
import { text, optionalText, unstorableText } from './input-text.js';
import { enqueueForSeller, enqueueSms, publishQuietly } from './mutate-order.js';
import { textsFor } from '../messages/recipient-texts.js';
import { isLocale, type Locale } from '../i18n/locale.js';

const m = validationMessages.order;

/** A new order as the seller's form sends it after parsing (money already in cents). */
export interface CreateOrderInput {
  readonly itemName: string;
  readonly price: number;
  readonly buyerName: string;
  readonly buyerPhone: string;
  readonly buyerAddress: string;
  readonly deliveryCost: number;
  readonly deliveryPaidBy?: DeliveryPaidBy;
  readonly paymentMethod?: PaymentMethod;
  readonly buyerCashAmount?: number | null;
  readonly pinLocationLink?: string | null;
  readonly landmark?: string | null;
  readonly houseNumber?: string | null;
  readonly estate?: string | null;
  readonly pickupLocation?: string | null;
  readonly productPhotoUrl?: string | null;
  readonly packagedPhotoUrl?: string | null;
  readonly estimatedDistanceKm?: number | null;
  readonly estimatedTimeMinutes?: number | null;
  /** The language of the buyer's texts (decision 0066); English when left out. */
  readonly buyerLocale?: Locale;
}

const invalid = (message: string) => err('VALIDATION_FAILED', { message });

/** Creates an order in awaiting_payment with server-computed money, code and tracking number. */
export async function createOrder(deps: EscrowDeps, args: { actor: Actor; input: CreateOrderInput }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const actor = parseActor(args?.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN', { detail: 'only sellers create orders' });
  const input: CreateOrderInput = typeof args.input === 'object' && args.input !== null ? args.input : ({} as CreateOrderInput);
  const fields = checkFields(input);
  if (!fields.ok) return fields;
  const { price, deliveryCost, buyerPhone, paymentMethod, deliveryPaidBy, buyerCashAmount, buyerLocale } = fields.value;
  const money = computeOrderMoney({ price, deliveryCost, deliveryPaidBy, policy: deps.fees });
  if (!money.ok) return money;

  const now = deps.clock.now();
  let published: OrderChangedEvent | null = null;
  const result = await deps.store.transaction(async (tx): Promise<Result<Order>> => {
    const seller = await tx.sellers.get(actor.sellerId);
    if (!seller) return err('SELLER_NOT_FOUND');
    const trackingNumber = generateTrackingNumber(deps.random);
    const fresh: Order = {
      id: deps.random.uuid(),
      sellerId: seller.id,
      trackingNumber,
      itemName: text(input.itemName),
      price,
      productPhotoUrl: optionalText(input.productPhotoUrl),
      packagedPhotoUrl: optionalText(input.packagedPhotoUrl),
      pickupPhotoUrl: null,
      paymentMethod,
      buyerCashAmount,
      buyerName: text(input.buyerName),
      buyerPhone,
      buyerLocale,
      buyerAddress: text(input.buyerAddress),
      pinLocationLink: optionalText(input.pinLocationLink),
      landmark: optionalText(input.landmark),
      houseNumber: optionalText(input.houseNumber),
      estate: optionalText(input.estate),
      pickupLocation: optionalText(input.pickupLocation) ?? seller.location,
      deliveryCode: generateDeliveryCode(deps.random),
      deliveryCost,
      deliveryPaidBy,
      feeBasisPoints: deps.fees.basisPoints,
      serviceFee: money.value.serviceFee,
      sellerPayout: money.value.sellerPayout,
      riderPayout: money.value.riderPayout,
      status: 'awaiting_payment',
      paymentConfirmed: false,
      paymentConfirmedAt: null,
      paymentVerifiedBy: null,
      paymentReceived: null,
      paymentClaimedAt: null,
      paymentClaimReceipt: null,
      buyerViewKey: deps.random.token(16),
      // Cash orders hold no escrow money to protect: the code goes to the buyer's phone at once.
      payerPhone: paymentMethod === 'cash' ? buyerPhone : null,
      payerToken: null,
      mpesaReceipt: null,
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
      estimatedDistanceKm: finiteOrNull(input.estimatedDistanceKm),
      estimatedTimeMinutes: finiteOrNull(input.estimatedTimeMinutes),
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    // 31^10 numbers make a clash rare; the unique index decides, and a taken number is drawn again.
    let order = fresh;
    for (let tries = 0; !(await tx.orders.insertIfTrackingNumberFree(order)); tries += 1) {
      if (tries >= 5) throw new Error('could not find a free tracking number');
      order = { ...order, trackingNumber: generateTrackingNumber(deps.random) };
    }
    await tx.events.append({
      id: deps.random.uuid(),
      orderId: order.id,
      action: 'create_order',
      actor: actorForAudit(actor),
      fromStatus: null,
      toStatus: order.status,
      data: { price, serviceFee: order.serviceFee, sellerPayout: order.sellerPayout, riderPayout: order.riderPayout },
      at: now,
    });
    // The seller has just made it on a screen that shows it: a receipt by email, not a paid SMS.
    await enqueueForSeller(deps, tx, seller.id, (t) => ({ ...t.sellerEmails.newOrder({ trackingNumber: order.trackingNumber, itemName: order.itemName }), sms: null }), now);
    if (order.paymentMethod === 'cash') {
      const body = textsFor(order.buyerLocale).buyerSms.cashDeliveryCode({ trackingNumber: order.trackingNumber, code: order.deliveryCode });
      await enqueueSms(deps, tx, { to: order.buyerPhone, body, sensitive: true }, now);
    }
    const event: OrderChangedEvent = { type: 'order.changed', orderId: order.id, sellerId: order.sellerId, status: order.status, action: 'create_order', at: now.toISOString() };
    if (tx.commitEvents) tx.commitEvents.publishOnCommit([event]);
    else published = event;
    return ok(order);
  }, options);
  if (published) await publishQuietly(deps, [published]);
  return result;
}

function checkFields(input: CreateOrderInput): Result<{
  price: Cents;
  deliveryCost: Cents;
  buyerPhone: string;
  paymentMethod: PaymentMethod;
  deliveryPaidBy: DeliveryPaidBy;
  buyerCashAmount: Cents | null;
  buyerLocale: Locale;
}> {
  const refused = unstorableText([
    [input.itemName, m.itemNameInvalid],
    [input.buyerName, m.buyerNameInvalid],
    [input.buyerAddress, m.buyerAddressInvalid],
    [input.pinLocationLink, m.pinLocationInvalid],
    [input.landmark, m.landmarkInvalid],
    [input.houseNumber, m.houseNumberInvalid],
    [input.estate, m.estateInvalid],
    [input.pickupLocation, m.pickupLocationInvalid],
  ]);
  if (refused) return refused;
  if (!text(input.itemName)) return invalid('Item name is required');
  if (!text(input.buyerName)) return invalid('Buyer name is required');
  if (!text(input.buyerAddress)) return invalid('Delivery address is required');
  const price = toCents(input.price, MAX_PRICE_CENTS);
  if (!price.ok) return price;
  const deliveryCost = toCents(input.deliveryCost, MAX_PRICE_CENTS);
  if (!deliveryCost.ok) return deliveryCost;
  const buyerPhone = normalizeKenyanPhone(text(input.buyerPhone));
  if (!buyerPhone) return err('INVALID_PHONE', { detail: 'buyer phone is not a Kenyan number' });
  const paymentMethod = input.paymentMethod ?? 'mpesa_prepay';
  if (!(PAYMENT_METHODS as readonly unknown[]).includes(paymentMethod)) return invalid(viewTexts.refusals.choosePaymentMethod);
  const deliveryPaidBy = input.deliveryPaidBy ?? 'buyer';
  if (deliveryPaidBy !== 'buyer' && deliveryPaidBy !== 'seller') return invalid(viewTexts.refusals.chooseWhoPaysDelivery);
  let buyerCashAmount: Cents | null = null;
  if (paymentMethod === 'cash') {
    const cash = toCents(input.buyerCashAmount, MAX_PRICE_CENTS * 2);
    if (!cash.ok) return cash;
    buyerCashAmount = cash.value;
  }
  const buyerLocale = input.buyerLocale ?? 'en';
  if (!isLocale(buyerLocale)) return invalid(m.buyerLocaleInvalid);
  const link = optionalText(input.pinLocationLink);
  if (link && !/^https?:\/\/\S+$/i.test(link)) return invalid(viewTexts.refusals.pinLocationUrl);
  return { ok: true, value: { price: price.value, deliveryCost: deliveryCost.value, buyerPhone, paymentMethod, deliveryPaidBy, buyerCashAmount, buyerLocale } };
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
