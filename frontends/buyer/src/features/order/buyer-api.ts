import type { BuyerOrderStatusView, BuyerOrderView, StkPaymentView } from '@escrow/core';
import { pageGet, requestJson, type ApiResult } from '@escrow/ui/api/request-json';

// Type-only imports of the core's views: the contract the API answers with, at no JS cost.
/**
 * The route adds `mpesaPrompt` to core's view: the server can send M-Pesa prompts (STK Push).
 * `delivery.buyerPhone` (E.164) prefills the prompt's phone field.
 */
export type BuyerOrder = BuyerOrderView & {
  readonly mpesaPrompt: boolean;
};

/** An M-Pesa prompt (STK Push) to the buyer's phone and where it stands, in the server's words. */
export type MpesaPrompt = StkPaymentView;

const orderPath = (orderId: string) => `/api/buyer/orders/${encodeURIComponent(orderId)}`;

/** The buyer's credential travels in a header, never in the URL (apps/api buyer-credentials.ts). */
const headers = (deliveryCode: string, idempotencyKey?: string) => ({
  'X-Delivery-Code': deliveryCode,
  ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
});

export interface BuyerChange {
  readonly order?: BuyerOrderStatusView;
  readonly message: string;
  /** A typed receipt of the verified payment: the code, when this browser is (now) the payer's. */
  readonly deliveryCode?: string;
}

/** The buyer page's calls (apps/api/src/routes/buyer-routes.ts). */
export const buyerApi = {
  order: (orderId: string, deliveryCode: string, fallbackMessage: string, signal?: AbortSignal): Promise<ApiResult<BuyerOrder>> =>
    requestJson<BuyerOrder>('GET', orderPath(orderId), undefined, { fallbackMessage, headers: headers(deliveryCode), ...(signal ? { signal } : {}) }),

  /** The order as a server-rendered page came with it (read with the link's code, decision 0059), for its first render. */
  pageOrder: (orderId: string, fallbackMessage: string): ApiResult<BuyerOrder> | undefined => pageGet<BuyerOrder>(orderPath(orderId), fallbackMessage),

  confirmPayment: (orderId: string, deliveryCode: string, body: { termsAccepted: true; mpesaReceipt: string }, key: string, fallbackMessage: string) =>
    requestJson<BuyerChange>('POST', `${orderPath(orderId)}/payment`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  requestRefund: (orderId: string, deliveryCode: string, body: { reason: string }, key: string, fallbackMessage: string) =>
    requestJson<BuyerChange>('POST', `${orderPath(orderId)}/refund-request`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  submitFeedback: (orderId: string, deliveryCode: string, body: { riderRating: number; sellerRating: number; comment: string }, key: string, fallbackMessage: string) =>
    requestJson<BuyerChange>('POST', `${orderPath(orderId)}/feedback`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  /**
   * Prompts `phone` to pay the order. Not keyed: the server answers a repeat within the prompt's
   * life with the same prompt, and no money moves on this request.
   */
  requestMpesaPrompt: (orderId: string, deliveryCode: string, phone: string, fallbackMessage: string) =>
    requestJson<MpesaPrompt>('POST', `${orderPath(orderId)}/mpesa-prompt`, { phone }, { fallbackMessage, headers: headers(deliveryCode) }),

  /** The latest prompt for the order; null when none was sent. */
  latestMpesaPrompt: (orderId: string, deliveryCode: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<MpesaPrompt | null>('GET', `${orderPath(orderId)}/mpesa-prompt`, undefined, { fallbackMessage, headers: headers(deliveryCode), ...(signal ? { signal } : {}) }),

  /** The code again by SMS to the phone that paid (a new one when code entry is locked). */
  resendCode: (orderId: string, deliveryCode: string, key: string, fallbackMessage: string) =>
    requestJson<{ sentTo: string; renewed: boolean; message: string }>('POST', `${orderPath(orderId)}/resend-code`, {}, { fallbackMessage, headers: headers(deliveryCode, key) }),

  /** The code from the payment SMS makes this browser the payer's (an HttpOnly cookie); the page goes on with its link. */
  bindPayerBrowser: (orderId: string, typedCode: string, fallbackMessage: string) =>
    requestJson<{ bound: boolean }>('POST', `${orderPath(orderId)}/payer-browser`, {}, { fallbackMessage, headers: headers(typedCode) }),

  /** EventSource cannot send headers: the live stream takes the code as `?code=` (decision 0013). */
  liveUrl: (orderId: string, deliveryCode: string) => `/api/live/orders/${encodeURIComponent(orderId)}?code=${encodeURIComponent(deliveryCode)}`,
};
