import * as schemas from '@escrow/core/view-schemas';
import type { Endpoint, Endpoints } from './contracts/endpoints.ts';

/**
 * Development only (decision 0063): request.ts loads this module by dynamic import behind
 * `import.meta.env.DEV`, so neither it nor zod reaches a production bundle. Each answer of a
 * known route is parsed with its view's schema (@escrow/core/view-schemas, each held to its view
 * type at compile time), and the first mismatch is logged as a console error naming the path.
 */

/** What this module needs of a zod schema (api-client does not depend on zod itself). */
interface AnswerSchema<T> {
  safeParse(data: unknown): { readonly success: true; readonly data: T } | { readonly success: false; readonly error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] } };
}

/** Every endpoint's schema: a route added to the contracts without one does not compile. */
const SCHEMAS: { readonly [E in Endpoint]: AnswerSchema<Endpoints[E]> } = {
  'GET /api/admin/summary': schemas.adminSummaryViewSchema,
  'GET /api/admin/orders': schemas.adminOrdersAnswerSchema,
  'GET /api/admin/orders/:id': schemas.adminOrderViewSchema,
  'GET /api/admin/orders/:id/payouts': schemas.payoutsAnswerSchema,
  'GET /api/admin/payouts': schemas.payoutsAnswerSchema,
  'GET /api/admin/payouts/reconciliation': schemas.payoutReconciliationAnswerSchema,
  'GET /api/admin/refund-requests': schemas.adminRefundRequestsAnswerSchema,
  'GET /api/admin/sellers': schemas.adminSellersAnswerSchema,
  'GET /api/admin/contacts': schemas.adminContactsAnswerSchema,
  'GET /api/admin/payment-config': schemas.paymentConfigAnswerSchema,
  'GET /api/admin/payments/unverified': schemas.unverifiedPaymentsAnswerSchema,
  'POST /api/admin/orders/:id/settlement': schemas.adminOrderChangedSchema,
  'POST /api/admin/orders/:id/unlock-code': schemas.adminOrderChangedSchema,
  'POST /api/admin/payments/unmatched/:transId/attach': schemas.adminOrderChangedSchema,
  'POST /api/admin/payments/unmatched/:transId/refund': schemas.unmatchedPaymentRefundedSchema,
  'POST /api/admin/refund-requests/:id/resolve': schemas.adminOrderChangedSchema,
  'POST /api/admin/payouts/:id/retry': schemas.payoutChangedSchema,
  'POST /api/admin/payouts/:id/reference': schemas.payoutChangedSchema,
  'POST /api/admin/contacts/:id/resolve': schemas.contactResolvedSchema,
  'PUT /api/admin/payment-config': schemas.paymentConfigSavedSchema,

  'GET /api/seller/profile': schemas.sellerProfileViewSchema,
  'POST /api/seller/profile': schemas.sellerProfileViewSchema,
  'PUT /api/seller/profile/business-details': schemas.sellerProfileViewSchema,
  'PUT /api/seller/profile/about': schemas.sellerProfileViewSchema,
  'PUT /api/seller/profile/payout-details': schemas.sellerProfileViewSchema,
  'PUT /api/seller/profile/notifications': schemas.sellerProfileViewSchema,
  'PUT /api/seller/profile/logo': schemas.sellerProfileViewSchema,
  'DELETE /api/seller/profile/logo': schemas.sellerProfileViewSchema,
  'GET /api/seller/dashboard': schemas.sellerDashboardAnswerSchema,
  'GET /api/seller/orders': schemas.sellerOrdersAnswerSchema,
  'GET /api/seller/fee-policy': schemas.feePolicyAnswerSchema,
  'GET /api/seller/riders': schemas.ridersAnswerSchema,
  'POST /api/seller/riders': schemas.riderAddedSchema,
  'DELETE /api/seller/riders/:id': schemas.riderDeletedSchema,
  'POST /api/seller/orders': schemas.sellerOrderCreatedSchema,
  'GET /api/seller/orders/:id': schemas.sellerOrderViewSchema,
  'POST /api/seller/orders/:id/cancel': schemas.sellerOrderChangedSchema,
  'POST /api/seller/orders/:id/rider': schemas.sellerOrderChangedSchema,
  'DELETE /api/seller/orders/:id/rider': schemas.sellerOrderChangedSchema,
  'POST /api/seller/orders/:id/unlock-code': schemas.sellerOrderChangedSchema,
  'POST /api/seller/orders/:id/refund-request': schemas.refundRequestRecordedSchema,
  'GET /api/public/orders/:id': schemas.publicTrackingViewSchema,

  'GET /api/buyer/orders/:id': schemas.buyerOrderAnswerSchema,
  'POST /api/buyer/orders/:id/payment': schemas.buyerPaymentAnswerSchema,
  'POST /api/buyer/orders/:id/mpesa-prompt': schemas.stkPaymentViewSchema,
  'GET /api/buyer/orders/:id/mpesa-prompt': schemas.latestStkPaymentSchema,
  'POST /api/buyer/orders/:id/resend-code': schemas.buyerCodeResentSchema,
  'POST /api/buyer/orders/:id/payer-browser': schemas.payerBrowserBoundSchema,
  'POST /api/buyer/orders/:id/refund-request': schemas.buyerRefundRequestedSchema,
  'POST /api/buyer/orders/:id/feedback': schemas.buyerFeedbackSentSchema,

  'POST /api/rider/phone-code': schemas.riderPhoneCodeSentSchema,
  'GET /api/rider/phone-proof': schemas.riderProvenPhoneSchema,
  'POST /api/rider/phone-proof': schemas.riderPhoneProvenSchema,
  'DELETE /api/rider/phone-proof': schemas.riderPhoneForgottenSchema,
  'GET /api/rider/jobs/available': schemas.riderJobsAnswerSchema,
  'GET /api/rider/jobs/assigned': schemas.riderJobsAnswerSchema,
  'POST /api/rider/orders/:id/take': schemas.riderJobTakenSchema,
  'GET /api/rider/orders/:id': schemas.riderJobViewSchema,
  'POST /api/rider/orders/:id/accept': schemas.riderJobChangedSchema,
  'POST /api/rider/orders/:id/pickup': schemas.riderPickupConfirmedSchema,
  'POST /api/rider/orders/:id/complete': schemas.riderJobChangedSchema,
  'POST /api/rider/orders/:id/payment-confirmation': schemas.riderPaymentRecordedSchema,
  'POST /api/rider/orders/:id/refund-request': schemas.riderRefundRequestedSchema,

  'GET /api/auth/session': schemas.sessionAnswerSchema,
  'POST /api/auth/change-password': schemas.accountAnswerSchema,
  'POST /api/auth/sign-in': schemas.accountAnswerSchema,
  'POST /api/auth/sign-up': schemas.accountAnswerSchema,
  'POST /api/auth/send-password-reset-code': schemas.resetCodeSentSchema,
  'POST /api/auth/verify-reset-code': schemas.resetCodeVerifiedSchema,
  'POST /api/auth/reset-password': schemas.passwordResetSchema,
  'GET /api/auth/sign-in-options': schemas.signInOptionsSchema,
  'POST /api/contact': schemas.contactMessageSentSchema,
};

interface Route {
  readonly endpoint: Endpoint;
  readonly method: string;
  readonly pattern: RegExp;
}

/** `METHOD /a/:id/b` as a method and a whole-path pattern; a `:param` is one segment. */
const ROUTES: readonly Route[] = (Object.keys(SCHEMAS) as Endpoint[]).map((endpoint) => {
  const [method = '', route = ''] = endpoint.split(' ');
  const pattern = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { endpoint, method, pattern: new RegExp(`^${pattern}$`) };
});

/** The contract of a request, by its method and path (the query string aside); undefined for a route without one. */
export function endpointOf(method: string, path: string): Endpoint | undefined {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return ROUTES.find((route) => route.method === method && route.pattern.test(pathname))?.endpoint;
}

const where = (path: readonly PropertyKey[]): string => (path.length === 0 ? 'the answer itself' : path.map(String).join('.'));

/** Why `data`, the answer to `method path`, does not match its contract; null when it does or the route has none. */
export function answerProblem(method: string, path: string, data: unknown): string | null {
  const endpoint = endpointOf(method, path);
  if (endpoint === undefined) return null;
  const parsed = SCHEMAS[endpoint].safeParse(data);
  if (parsed.success) return null;
  const first = parsed.error.issues[0];
  const more = parsed.error.issues.length - 1;
  return `${method} ${path}: the answer does not match its contract (${endpoint}) at ${first ? `${where(first.path)}: ${first.message}` : 'an unknown place'}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** Logs a console error when `data` does not match the contract of `method path` (development only). */
export function checkAnswer(method: string, path: string, data: unknown): void {
  const problem = answerProblem(method, path, data);
  if (problem !== null) console.error(`[api-client] ${problem}`);
}
