import { pageGet, requestJson, type ApiResult } from '@escrow/api-client/request';
import type { BuyerEndpoints, BuyerPaymentConfirmed } from '@escrow/api-client/contracts/buyer';

// The buyer's answers as the page reads them: the core's views through Wire
// (@escrow/api-client/contracts/buyer), types only, each answer checked in development.
/**
 * GET /api/buyer/orders/:id: the core's view plus `mpesaPrompt` (the server can send M-Pesa
 * prompts, STK Push). `delivery.buyerPhone` (E.164) prefills the prompt's phone field.
 */
export type { BuyerOrder, MpesaPrompt } from '@escrow/api-client/contracts/buyer';

/** The answer of a route, by its contract. */
type Answer<E extends keyof BuyerEndpoints> = BuyerEndpoints[E];

const orderPath = (orderId: string) => `/api/buyer/orders/${encodeURIComponent(orderId)}`;

/** The buyer's credential travels in a header, never in the URL (apps/api buyer-credentials.ts). */
const headers = (deliveryCode: string, idempotencyKey?: string) => ({
  'X-Delivery-Code': deliveryCode,
  ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
});

/**
 * What the page reads of any of its changes (payment, refund request, feedback): the server's
 * message, and for a payment the new status and, when this browser is (now) the payer's, the code.
 */
export type BuyerChange = Pick<BuyerPaymentConfirmed, 'message'> & Partial<Pick<BuyerPaymentConfirmed, 'order' | 'deliveryCode'>>;

/** The buyer page's calls (apps/api/src/features/buyer/routes.ts). */
export const buyerApi = {
  order: (orderId: string, deliveryCode: string, fallbackMessage: string, signal?: AbortSignal): Promise<ApiResult<Answer<'GET /api/buyer/orders/:id'>>> =>
    requestJson<Answer<'GET /api/buyer/orders/:id'>>('GET', orderPath(orderId), undefined, { fallbackMessage, headers: headers(deliveryCode), ...(signal ? { signal } : {}) }),

  /** The order as a server-rendered page came with it (read with the link's code, decision 0059), for its first render. */
  pageOrder: (orderId: string, fallbackMessage: string): ApiResult<Answer<'GET /api/buyer/orders/:id'>> | undefined => pageGet<Answer<'GET /api/buyer/orders/:id'>>(orderPath(orderId), fallbackMessage),

  confirmPayment: (orderId: string, deliveryCode: string, body: { termsAccepted: true; mpesaReceipt: string }, key: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/payment'>>('POST', `${orderPath(orderId)}/payment`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  requestRefund: (orderId: string, deliveryCode: string, body: { reason: string }, key: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/refund-request'>>('POST', `${orderPath(orderId)}/refund-request`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  submitFeedback: (orderId: string, deliveryCode: string, body: { riderRating: number; sellerRating: number; comment: string }, key: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/feedback'>>('POST', `${orderPath(orderId)}/feedback`, body, { fallbackMessage, headers: headers(deliveryCode, key) }),

  /**
   * Prompts `phone` to pay the order. Not keyed: the server answers a repeat within the prompt's
   * life with the same prompt, and no money moves on this request.
   */
  requestMpesaPrompt: (orderId: string, deliveryCode: string, phone: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/mpesa-prompt'>>('POST', `${orderPath(orderId)}/mpesa-prompt`, { phone }, { fallbackMessage, headers: headers(deliveryCode) }),

  /** The latest prompt for the order; null when none was sent. */
  latestMpesaPrompt: (orderId: string, deliveryCode: string, fallbackMessage: string, signal?: AbortSignal) =>
    requestJson<Answer<'GET /api/buyer/orders/:id/mpesa-prompt'>>('GET', `${orderPath(orderId)}/mpesa-prompt`, undefined, { fallbackMessage, headers: headers(deliveryCode), ...(signal ? { signal } : {}) }),

  /** The code again by SMS to the phone that paid (a new one when code entry is locked). */
  resendCode: (orderId: string, deliveryCode: string, key: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/resend-code'>>('POST', `${orderPath(orderId)}/resend-code`, {}, { fallbackMessage, headers: headers(deliveryCode, key) }),

  /** The code from the payment SMS makes this browser the payer's (an HttpOnly cookie); the page goes on with its link. */
  bindPayerBrowser: (orderId: string, typedCode: string, fallbackMessage: string) =>
    requestJson<Answer<'POST /api/buyer/orders/:id/payer-browser'>>('POST', `${orderPath(orderId)}/payer-browser`, {}, { fallbackMessage, headers: headers(typedCode) }),

  /** EventSource cannot send headers: the live stream takes the code as `?code=` (decision 0013). */
  liveUrl: (orderId: string, deliveryCode: string) => `/api/live/orders/${encodeURIComponent(orderId)}?code=${encodeURIComponent(deliveryCode)}`,
};
