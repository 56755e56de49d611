import type { Feedback } from '../ports/records.js';
import type { CodeResent } from '../use-cases/resend-delivery-code.js';
import type { BuyerOrderStatusView, BuyerOrderView } from './buyer-order-view.js';

// The answers of /api/buyer that its routes put together from the views (apps/api/src/features/buyer/routes.ts,
// each checked with `satisfies Wire<...>`): the buyer's page reads them as Wire<...> (@escrow/api-client/contracts/buyer).

/** GET /api/buyer/orders/:id: the buyer's view, and whether the server can send M-Pesa prompts (STK Push). */
export type BuyerOrderAnswer = BuyerOrderView & { readonly mpesaPrompt: boolean };

/** POST /api/buyer/orders/:id/payment: the new status; the code when this browser is (now) the payer's. */
export interface BuyerPaymentAnswer {
  readonly order: BuyerOrderStatusView;
  readonly message: string;
  readonly deliveryCode?: string;
}

/** POST /api/buyer/orders/:id/feedback. */
export interface BuyerFeedbackSent {
  readonly feedback: Pick<Feedback, 'riderRating' | 'sellerRating' | 'comment' | 'createdAt'>;
  readonly message: string;
}

/** POST /api/buyer/orders/:id/resend-code. */
export interface BuyerCodeResent extends CodeResent {
  readonly message: string;
}

/** POST /api/buyer/orders/:id/payer-browser: whether this browser is now the payer's. */
export interface PayerBrowserBound {
  readonly bound: boolean;
}
