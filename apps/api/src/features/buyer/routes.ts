import {
  bindPayerBrowser,
  buyerOrderStatusView,
  buyerOrderView,
  catalogue,
  confirmPaymentOnBuyerPage,
  fillText,
  getBuyerOrder,
  getStkPayment,
  holdsDeliveryCode,
  requestStkPayment,
  requestRefund,
  resendDeliveryCode,
  setBuyerLocale,
  submitFeedback,
  viewTexts,
  type Actor,
  type IdempotentAnswer,
  type SignedInCaller,
  type BuyerCodeResent,
  type BuyerFeedbackSent,
  type BuyerOrderAnswer,
  type LocaleRecorded,
  type BuyerPaymentAnswer,
  type PayerBrowserBound,
  type RefundRequestRecorded,
  type Wire,
} from '@escrow/core';
import { feedbackSchema, localeChoiceSchema, mpesaReceiptSchema, acceptedTerms, normalizeKenyanPhone, refundRequestSchema, validationMessages } from '@escrow/core/validation';
import { buyerCodeResentSchema, buyerFeedbackSentSchema, buyerOrderAnswerSchema, buyerPaymentAnswerSchema, buyerRefundRequestedSchema, latestStkPaymentSchema, payerBrowserBoundSchema, stkPaymentViewSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import { settleBuyerBudget } from '../../http/buyer-budget.js';
import { ESCROW_RATE_LIMITS, rateLimited } from '../../http/escrow-rate-limits.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent, type KeyedOptions } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { buyerActor, guardBuyerRequest, setPayerCookie } from '../shared/buyer-credentials.js';
import { routeDoc } from '../../http/openapi.js';

const stkSchema = z.object({ phone: z.string({ error: validationMessages.phone.invalid }).max(30, { error: validationMessages.phone.invalid }) });

const paymentSchema = z.object({
  termsAccepted: acceptedTerms(validationMessages.buyer.termsRequired),
  mpesaReceipt: mpesaReceiptSchema,
});

export const REFUND_REQUESTED_MESSAGE = viewTexts.answers.refundRequested;

const buyerScope = (orderId: string, code: string) => `buyer\n${orderId}\n${code}`;

/** What a buyer's keyed action runs its use case with: the order, and the buyer (the code or view key sent, and this browser's payer cookie) as actor. */
interface BuyerAction {
  readonly orderId: string;
  readonly actor: Actor;
}

/**
 * A state-changing request of a buyer let through by guardBuyerRequest: at most once per
 * Idempotency-Key, the keys scoped to the order and the code (or view key) sent.
 */
function keyedForBuyer<R>(
  c: Context<AppEnv>,
  h: EscrowHttp,
  guarded: { orderId: string; code: string },
  fingerprint: unknown,
  run: (buyer: BuyerAction, keyed: KeyedOptions) => Promise<R>,
  answer: (result: R, buyer: BuyerAction) => IdempotentAnswer,
): Promise<Response> {
  const buyer: BuyerAction = { orderId: guarded.orderId, actor: buyerActor(c, guarded.code, guarded.orderId) };
  return idempotent(c, h.keys, { scope: buyerScope(guarded.orderId, guarded.code), fingerprint }, (keyed) => run(buyer, keyed), (result) => answer(result, buyer));
}

/** A keyed action by the order's code (or view key): guardBuyerRequest's refusal without it, else `keyedForBuyer`. */
async function buyerKeyedAction<R>(
  h: EscrowHttp,
  c: Context<AppEnv>,
  fingerprint: unknown,
  run: (buyer: BuyerAction, keyed: KeyedOptions) => Promise<R>,
  answer: (result: R, buyer: BuyerAction) => IdempotentAnswer,
): Promise<Response> {
  const g = await guardBuyerRequest(c, h);
  if (!g.ok) return g.response;
  return keyedForBuyer(c, h, g, fingerprint, run, answer);
}

/**
 * The buyer page's API (order id + delivery code, no account), mounted at /api/buyer.
 *   GET  /orders/:id                 the buyer's view (get_buyer_order)
 *   POST /orders/:id/payment         confirm the Paybill payment (confirm_payment)
 *   POST /orders/:id/mpesa-prompt    pay by M-Pesa prompt (STK Push) to a phone
 *   GET  /orders/:id/mpesa-prompt    how the latest prompt stands (null when none)
 *   POST /orders/:id/resend-code     the delivery code again by SMS to the phone that paid
 *   POST /orders/:id/payer-browser   with the code from the SMS: this browser is the payer's (cookie)
 *   POST /orders/:id/refund-request  ask for a refund, with a reason (the code's holder only)
 *   POST /orders/:id/feedback        rate rider and seller, once
 *   PUT  /orders/:id/locale          {locale: 'en'|'sw'}: the buyer's texts from now on in it (decision 0066)
 */
export function buyerRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/orders/:id', settleBuyerBudget(h.buyerBudget));
  app.use('/orders/:id/*', settleBuyerBudget(h.buyerBudget));

  app.get('/orders/:id', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'The buyer\'s view of the order', ok: { description: 'The order as the buyer sees it', schema: buyerOrderAnswerSchema }, errors: [400, 404, 423, 429] }), async (c) => {
    const g = await guardBuyerRequest(c, h);
    if (!g.ok) return g.response;
    c.header('Cache-Control', 'no-store');
    const result = await getBuyerOrder(h.deps, { orderId: g.orderId, actor: buyerActor(c, g.code, g.orderId) });
    if (!result.ok) return sendResult(c, result);
    const { order, seller, feedback, refundRequested, refundPayout } = result.value;
    const holdsCode = holdsDeliveryCode(order, buyerActor(c, g.code, g.orderId));
    const view = buyerOrderView(order, { sellerBusinessName: seller?.businessName ?? null, feedback, refundRequested, paybill: await h.paybillSource.current(), holdsCode, refundPayout });
    // `mpesaPrompt`: the page may offer "Pay with M-Pesa" (STK Push) besides the Paybill steps.
    return sendResult(c, { ok: true, value: { ...view, mpesaPrompt: h.deps.mpesa !== undefined } satisfies Wire<BuyerOrderAnswer> });
  });

  app.post('/orders/:id/payment', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Confirm the Paybill payment with its M-Pesa receipt', ok: { description: 'The order, paid', schema: buyerPaymentAnswerSchema }, errors: [404, 409, 423, 429], idempotent: true }), jsonBody(paymentSchema), async (c) => {
    const input = c.req.valid('json');
    return buyerKeyedAction(
      h,
      c,
      input,
      (buyer, keyed) => confirmPaymentOnBuyerPage(h.deps, { ...buyer, mpesaReceipt: input.mpesaReceipt, termsAccepted: input.termsAccepted, signedIn: signedInCaller(c) }, keyed()),
      (result, buyer) => {
        if (!result.ok) return answerOf(result);
        // The receipt of the verified payment (only the payer's M-Pesa SMS shows it) made this
        // browser the payer's, or it was already: the answer carries the code as the payer's page
        // shows it. A browser bound before keeps it; another that types the receipt gets no code.
        const { order, payerToken } = result.value;
        if (payerToken !== null) setPayerCookie(c, buyer.orderId, payerToken, h.buyerBudget.secureCookies);
        const shown = order.paymentConfirmed && (payerToken !== null || holdsDeliveryCode(order, buyer.actor));
        return answerOf({
          ok: true,
          value: {
            order: buyerOrderStatusView(order),
            message: order.paymentConfirmed ? catalogue.buyer.paymentConfirmed : catalogue.buyer.paymentBeingVerified,
            ...(shown ? { deliveryCode: order.deliveryCode } : {}),
          } satisfies Wire<BuyerPaymentAnswer>,
        });
      },
    );
  });

  // Not keyed: a repeated tap or retry within the prompt's life answers the same prompt (the use
  // case reuses it), and a later one is meant to prompt again. No money moves on this request.
  app.post('/orders/:id/mpesa-prompt', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Pay by M-Pesa prompt (STK Push) to a phone', ok: { status: 202, description: 'The prompt sent', schema: stkPaymentViewSchema }, errors: [404, 409, 423, 429], idempotent: true }), jsonBody(stkSchema), async (c) => {
    const input = c.req.valid('json');
    const g = await guardBuyerRequest(c, h);
    if (!g.ok) return g.response;
    const phone = normalizeKenyanPhone(input.phone);
    const limited = await rateLimited(c, { rateLimiter: h.rateLimiter, clock: h.deps.clock }, [
      [ESCROW_RATE_LIMITS.mpesaPromptsPerOrder, g.orderId],
      ...(phone ? [[ESCROW_RATE_LIMITS.mpesaPromptsPerPhone, phone] as const] : []),
    ]);
    if (limited) return limited;
    const started = await requestStkPayment(h.deps, { orderId: g.orderId, actor: buyerActor(c, g.code, g.orderId), phone: input.phone, signedIn: signedInCaller(c) });
    if (!started.ok) return sendResult(c, started);
    // This browser asked for the prompt: if it pays the order, the page here shows the delivery code.
    const { payerToken, ...view } = started.value;
    if (payerToken) setPayerCookie(c, g.orderId, payerToken, h.buyerBudget.secureCookies);
    return sendResult(c, { ok: true, value: view }, 202);
  });

  app.get('/orders/:id/mpesa-prompt', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'How the latest M-Pesa prompt stands (null when none)', ok: { description: 'The latest prompt, or null', schema: latestStkPaymentSchema }, errors: [400, 404, 423, 429] }), async (c) => {
    const g = await guardBuyerRequest(c, h);
    if (!g.ok) return g.response;
    c.header('Cache-Control', 'no-store');
    return sendResult(c, await getStkPayment(h.deps, { orderId: g.orderId, actor: buyerActor(c, g.code, g.orderId) }));
  });

  // The code again by SMS, only ever to the phone that paid; a new code when entry is locked.
  app.post('/orders/:id/resend-code', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Send the delivery code again by SMS to the phone that paid', ok: { description: 'The code was sent again', schema: buyerCodeResentSchema }, errors: [400, 404, 409, 423, 429], idempotent: true }), async (c) => {
    const g = await guardBuyerRequest(c, h);
    if (!g.ok) return g.response;
    const limited = await rateLimited(c, { rateLimiter: h.rateLimiter, clock: h.deps.clock }, [[ESCROW_RATE_LIMITS.codeResendsPerOrder, g.orderId]]);
    if (limited) return limited;
    return keyedForBuyer(
      c,
      h,
      g,
      { resendCode: true },
      (buyer, keyed) => resendDeliveryCode(h.deps, buyer, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { ...result.value, message: fillText(viewTexts.answers.codeSent, { phone: result.value.sentTo }) } satisfies Wire<BuyerCodeResent> } : result),
    );
  });

  // The delivery code typed from the payment SMS (X-Delivery-Code) makes this browser the payer's:
  // the page then works with the link's view key and this cookie. Wrong codes are charged like any
  // guess on this API (the budget above). Not keyed: binding again changes nothing.
  app.post('/orders/:id/payer-browser', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Mark this browser as the payer\'s, with the code from the SMS (cookie)', ok: { description: 'This browser is the payer\'s; Set-Cookie holds it', schema: payerBrowserBoundSchema }, errors: [400, 404, 423, 429] }), async (c) => {
    const g = await guardBuyerRequest(c, h);
    if (!g.ok) return g.response;
    const bound = await bindPayerBrowser(h.deps, { orderId: g.orderId, actor: buyerActor(c, g.code, g.orderId), signedIn: signedInCaller(c) });
    if (!bound.ok) return sendResult(c, bound);
    if (bound.value.payerToken !== null) setPayerCookie(c, g.orderId, bound.value.payerToken, h.buyerBudget.secureCookies);
    return sendResult(c, { ok: true, value: { bound: bound.value.payerToken !== null } satisfies Wire<PayerBrowserBound> });
  });

  // The buyer's own language switch: the order's buyer_locale, for every later SMS to the buyer
  // (and the code to the payer). The link's key is enough, as for the order itself.
  app.put('/orders/:id/locale', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'The buyer\'s language (en or sw) for their texts from now on', ok: 'The language set', errors: [404, 423, 429], idempotent: true }), jsonBody(localeChoiceSchema), async (c) => {
    const input = c.req.valid('json');
    return buyerKeyedAction(
      h,
      c,
      { locale: input.locale },
      (buyer, keyed) => setBuyerLocale(h.deps, { ...buyer, input }, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { locale: result.value.locale } satisfies Wire<LocaleRecorded> } : result),
    );
  });

  app.post('/orders/:id/refund-request', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Ask for a refund, with a reason (the code\'s holder only)', ok: { description: 'The refund request recorded', schema: buyerRefundRequestedSchema }, errors: [404, 409, 423, 429], idempotent: true }), jsonBody(refundRequestSchema), async (c) => {
    const input = c.req.valid('json');
    return buyerKeyedAction(
      h,
      c,
      input,
      (buyer, keyed) => requestRefund(h.deps, { ...buyer, reason: input.reason }, keyed()),
      (result) => {
        if (!result.ok) return answerOf(result);
        const { id, status, reason, createdAt } = result.value;
        return answerOf({ ok: true, value: { refundRequest: { id, status, reason, createdAt: createdAt.toISOString() }, message: REFUND_REQUESTED_MESSAGE } satisfies Wire<RefundRequestRecorded> }, 201);
      },
    );
  });

  app.post('/orders/:id/feedback', routeDoc({ tag: 'buyer', caller: ['deliveryCode'], summary: 'Rate the rider and the seller, once', ok: { description: 'The feedback recorded', schema: buyerFeedbackSentSchema }, errors: [404, 409, 423, 429], idempotent: true }), jsonBody(feedbackSchema), async (c) => {
    const input = c.req.valid('json');
    return buyerKeyedAction(
      h,
      c,
      input,
      (buyer, keyed) => submitFeedback(h.deps, { ...buyer, riderRating: input.riderRating, sellerRating: input.sellerRating, comment: input.comment }, keyed()),
      (result) => {
        if (!result.ok) return answerOf(result);
        const { riderRating, sellerRating, comment, createdAt } = result.value;
        return answerOf({ ok: true, value: { feedback: { riderRating, sellerRating, comment, createdAt: createdAt.toISOString() }, message: catalogue.buyer.feedbackThanks } satisfies Wire<BuyerFeedbackSent> }, 201);
      },
    );
  });

  return app;
}

/**
 * The account signed in on the calling browser, if any (the session middleware reads it on every
 * /api request): a browser signed in as the order's seller or an admin is never made the payer's.
 */
function signedInCaller(c: Context<AppEnv>): SignedInCaller | null {
  const user = c.get('user');
  return user ? { sellerId: user.sellerId, admin: user.isAdmin } : null;
}
