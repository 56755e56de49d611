import type { BuyerCodeResent, BuyerFeedbackSent, BuyerOrderAnswer, BuyerPaymentAnswer, PayerBrowserBound, RefundRequestRecorded, StkPaymentView } from '@escrow/core';
import type { Wire } from '../wire.ts';

// The answers of /api/buyer as the buyer's page reads them (core/src/views/buyer-*.ts), through Wire. Types only.

export type BuyerOrder = Wire<BuyerOrderAnswer>;
export type MpesaPrompt = Wire<StkPaymentView>;
export type BuyerPaymentConfirmed = Wire<BuyerPaymentAnswer>;
export type BuyerRefundRequested = Wire<RefundRequestRecorded>;
export type BuyerFeedbackSubmitted = Wire<BuyerFeedbackSent>;
export type BuyerCodeSentAgain = Wire<BuyerCodeResent>;

/** Every call of the buyer's page, by method and route (apps/api/src/features/buyer/routes.ts), and its answer. */
export interface BuyerEndpoints {
  'GET /api/buyer/orders/:id': BuyerOrder;
  'POST /api/buyer/orders/:id/payment': BuyerPaymentConfirmed;
  'POST /api/buyer/orders/:id/mpesa-prompt': MpesaPrompt;
  'GET /api/buyer/orders/:id/mpesa-prompt': MpesaPrompt | null;
  'POST /api/buyer/orders/:id/resend-code': BuyerCodeSentAgain;
  'POST /api/buyer/orders/:id/payer-browser': Wire<PayerBrowserBound>;
  'POST /api/buyer/orders/:id/refund-request': BuyerRefundRequested;
  'POST /api/buyer/orders/:id/feedback': BuyerFeedbackSubmitted;
}
