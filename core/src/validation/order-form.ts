import { z } from 'zod';
import { optionalText, requiredText, whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';
import { kshAmountField, optionalKshAmountField } from './money-input.js';
import { kenyanPhoneField } from './phone.js';
import { MESSAGE_LOCALES } from './locale-choice.js';

const m = validationMessages.order;

/** How the buyer pays for the product (spec section 9; product decisions: payment methods). */
export const ORDER_PAYMENT_METHODS = ['mpesa_prepay', 'mpesa_pod', 'cash'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** Who pays the rider's delivery cost (product decisions: money). */
export const DELIVERY_PAYERS = ['buyer', 'seller'] as const;
export type DeliveryPayer = (typeof DELIVERY_PAYERS)[number];

// A pin is a maps link the rider opens, so only web links make sense; z.httpUrl also
// refuses javascript: and data: links that would run in the rider's browser.
const pinLocationLink = optionalText({ max: 2000, tooLong: m.pinLocationTooLong, invalid: m.pinLocationInvalid }).pipe(
  z.httpUrl({ error: m.pinLocationInvalid }).nullable(),
);

/**
 * /seller/create-order. Money arrives as KSh (number or decimal string, step 0.01) and
 * leaves as integer cents. Photos are uploads and not part of this schema. The rule that a
 * seller-paid delivery cost must fit in the price minus the fee needs the fee policy, so it
 * lives in the create-order use case, not here.
 */
export const orderFormSchema = z
  .object({
    itemName: requiredText({ required: m.itemNameRequired, max: 200, tooLong: m.itemNameTooLong, invalid: m.itemNameInvalid }),
    price: kshAmountField({ required: m.priceRequired, invalid: m.priceInvalid }),
    buyerName: requiredText({ required: m.buyerNameRequired, max: 100, tooLong: m.buyerNameTooLong, invalid: m.buyerNameInvalid }),
    buyerPhone: kenyanPhoneField({ required: m.buyerPhoneRequired, invalid: validationMessages.phone.invalid }),
    buyerAddress: requiredText({ required: m.buyerAddressRequired, max: 500, tooLong: m.buyerAddressTooLong, invalid: m.buyerAddressInvalid }),
    pinLocationLink,
    landmark: optionalText({ max: 200, tooLong: m.landmarkTooLong, invalid: m.landmarkInvalid }),
    houseNumber: optionalText({ max: 200, tooLong: m.houseNumberTooLong, invalid: m.houseNumberInvalid }),
    estate: optionalText({ max: 200, tooLong: m.estateTooLong, invalid: m.estateInvalid }),
    // Null means "the seller's location" (spec section 3: pickup_location defaults to it).
    pickupLocation: optionalText({ max: 200, tooLong: m.pickupLocationTooLong, invalid: m.pickupLocationInvalid }),
    deliveryCost: kshAmountField({ required: m.deliveryCostRequired, invalid: m.deliveryCostInvalid }),
    deliveryPaidBy: z.enum(DELIVERY_PAYERS, { error: m.deliveryPaidByInvalid }).default('buyer'),
    paymentMethod: z.enum(ORDER_PAYMENT_METHODS, { error: m.paymentMethodInvalid }).default('mpesa_prepay'),
    buyerCashAmount: optionalKshAmountField(m.cashAmountInvalid),
    // The language of the buyer's texts (decision 0066); the seller's form offers it.
    buyerLocale: z.enum(MESSAGE_LOCALES, { error: m.buyerLocaleInvalid }).default('en'),
  })
  .superRefine(
    (value, ctx) => {
      if (value.paymentMethod === 'cash' && value.buyerCashAmount === null) {
        ctx.addIssue({ code: 'custom', message: m.cashAmountRequired, path: ['buyerCashAmount'] });
      }
    },
    { when: whenFieldsValid('paymentMethod', 'buyerCashAmount') },
  )
  // A cash amount left over from switching the method away from cash means nothing, so it
  // is dropped rather than stored next to an M-Pesa order.
  .transform((order) => ({
    ...order,
    buyerCashAmount: order.paymentMethod === 'cash' ? order.buyerCashAmount : null,
  }));

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormOutput = z.output<typeof orderFormSchema>;
