import { Hono, type Context } from 'hono';
import { messagingRoutes } from './africastalking/messaging-routes.js';
import { smsSimRoutes } from './africastalking/sms-controls.js';
import { kenyanE164 } from './africastalking/kenyan-number.js';
import { smsPhonePage } from './africastalking/sms-phone-page.js';
import { c2bRoutes } from './c2b/c2b-routes.js';
import type { SimControls } from './controls/sim-controls.js';
import { simRoutes } from './controls/sim-routes.js';
import { DARAJA_ERRORS, sendDarajaError } from './http/daraja-errors.js';
import { spikeArrestMiddleware } from './http/spike-arrest.js';
import { bearerAuth } from './oauth/bearer-auth.js';
import { oauthRoutes } from './oauth/oauth-routes.js';
import { payoutSimRoutes } from './payouts/payout-controls.js';
import { payoutRoutes } from './payouts/payout-routes.js';
import { reversalRoutes } from './payouts/reversal-routes.js';
import { phonePage } from './phone/phone-page.js';
import type { SimWorld } from './sim-world.js';
import { stkRoutes } from './stk/stk-push-routes.js';
import { transactionStatusRoutes } from './transaction-status/transaction-status-routes.js';

const DARAJA_PATHS = new Set([
  '/oauth/v1/generate',
  '/mpesa/stkpush/v1/processrequest',
  '/mpesa/stkpushquery/v1/query',
  '/mpesa/c2b/v1/registerurl',
  '/mpesa/c2b/v2/registerurl',
  '/mpesa/c2b/v1/simulate',
  '/mpesa/transactionstatus/v1/query',
  '/mpesa/b2c/v3/paymentrequest',
  '/mpesa/b2c/v1/paymentrequest',
  '/mpesa/b2b/v1/paymentrequest',
  '/mpesa/reversal/v1/request',
]);

// The sandbox test phone: the Paybill form starts with it.
const SANDBOX_TEST_MSISDN = '254708374149';

/** The simulator's HTTP surface: Daraja's API, Africa's Talking's SMS API, the /sim controls and the phone pages. */
export function createSimApp(world: SimWorld, controls: SimControls): Hono {
  const app = new Hono();
  const phone = (c: Context) =>
    c.html(phonePage(controls.prompts(), { shortCode: world.options.shortCodes[0]?.shortCode ?? '', msisdn: SANDBOX_TEST_MSISDN }));
  app.get('/', phone);
  app.get('/phone', phone);
  app.get('/phone/sms', (c) => {
    const typed = (c.req.query('number') ?? '').slice(0, 40);
    const number = kenyanE164(typed);
    return c.html(smsPhonePage({ typed, number, messages: number ? world.sms.messagesTo(number) : [], recipients: world.sms.recipients() }));
  });
  app.route('/', simRoutes(controls));
  app.route('/', smsSimRoutes(controls.sms, () => world.sms.recipients()));
  app.route('/', payoutSimRoutes(controls.payouts));
  // Africa's Talking: its own API key in a header, no Daraja token.
  app.route('/', messagingRoutes(world));
  app.route('/', oauthRoutes(world));
  // Registered before the API routes so they run first: spike arrest, then the token.
  app.use('/mpesa/*', spikeArrestMiddleware(world.spikeArrest, world.requestIds), bearerAuth(world.tokens, world.requestIds));
  app.route('/', stkRoutes(world));
  app.route('/', c2bRoutes(world));
  app.route('/', transactionStatusRoutes(world));
  app.route('/', payoutRoutes(world));
  app.route('/', reversalRoutes(world));
  app.notFound((c) => sendDarajaError(c, world.requestIds, DARAJA_PATHS.has(c.req.path) ? DARAJA_ERRORS.methodNotAllowed : DARAJA_ERRORS.notFound));
  app.onError((error, c) => {
    console.error('daraja-sim: a request failed', error);
    return sendDarajaError(c, world.requestIds, { status: 500, errorCode: '500.001.1001', errorMessage: 'Internal Server Error' });
  });
  return app;
}
