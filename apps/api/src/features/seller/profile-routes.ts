import {
  ACCOUNT_RATE_LIMITS,
  admitSignIn,
  changeSellerPayoutDetails,
  createSellerProfile,
  err,
  settleSignIn,
  getOwnSellerProfile,
  removeSellerLogo,
  sellerProfileView,
  updateSellerAbout,
  updateSellerBusinessDetails,
  updateSellerNotifications,
  uploadSellerLogo,
  type Result,
  type SellerProfile,
} from '@escrow/core';
import { parseOrFirstError, sellerAboutSchema, sellerBusinessDetailsSchema, sellerNotificationsSchema, sellerPayoutDetailsSchema, sellerSignupSchema } from '@escrow/core/validation';
import { sellerProfileViewSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import type { AccountsHttp } from '../accounts-context.js';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import { rateLimited, tooManyRequests } from '../../http/escrow-rate-limits.js';
import { jsonInputOrEmpty } from '../../http/json-body.js';
import { signInRequired } from '../../http/require-seller.js';
import { photoBodyLimit, readPhotoUpload } from '../shared/photo-upload.js';
import { languageOf } from '../../http/request-language.js';
import { routeDoc } from '../../http/openapi.js';

const sendWith =
  (now: () => Date) =>
  (c: Context, result: Result<SellerProfile>, status: 200 | 201 = 200): Response =>
    sendResult(c, result.ok ? { ok: true, value: sellerProfileView(result.value, now()) } : result, status);

/**
 * The JSON body, at most 64 KB, read with the limit enforced while reading (413 over it, 400
 * malformed). A body that is not JSON is handed on as "nothing": the use case answers with the
 * form's first message.
 */
const withJsonInput = async (c: Context, run: (input: unknown) => Promise<Response>): Promise<Response> => {
  const read = await jsonInputOrEmpty(c);
  return read.ok ? run(read.value) : read.response;
};

/**
 * The caller's own seller record, mounted at /api/seller/profile. Every route works on the
 * record of the signed-in account (the session), never on an id from the request, so no
 * seller can read or change another's record.
 *   GET    /                   read own (404 before onboarding)
 *   POST   /                   create (/seller/signup), 409 when it exists
 *   PUT    /business-details   name, location, phone, WhatsApp
 *   PUT    /about              about (empty is null)
 *   PUT    /payout-details     { method, phone | paybillNumber + accountReference | tillNumber,
 *                               currentPassword }: where payouts go (decision 0049); the password is
 *                               checked like a sign-in (wrong ones slow the address), the owner is
 *                               emailed, payouts to the new details wait 24 hours. The spec's
 *                               /payment-info is gone: it changed where money goes unguarded.
 *   PUT    /notifications      { notifyBySms, notifyByEmail }: how the seller is told of their orders
 *   PUT    /logo               multipart field `logo`: an image of at most 10 MB
 *   DELETE /logo               remove the logo
 */
export function sellerProfileRoutes(accounts: AccountsHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const deps = accounts.deps;
  const logoDeps = { ...deps, files: accounts.files };
  const send = sendWith(() => deps.clock.now());
  const throttle = { failures: accounts.failureCounters, clock: deps.clock };

  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!c.get('user')) return signInRequired(c);
    return next();
  });
  const userIdOf = (c: Context<AppEnv>): string => c.get('user')?.userId ?? '';

  app.get('/', routeDoc({ tag: 'seller', caller: ['session'], summary: 'The signed-in account\'s seller record (404 before onboarding)', ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [401, 404] }), async (c) => send(c, await getOwnSellerProfile(deps, { userId: userIdOf(c) })));
  app.post('/', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Create the seller record (onboarding)', jsonSchema: sellerSignupSchema, ok: { status: 201, description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 409, 413] }), (c) => withJsonInput(c, async (input) => send(c, await createSellerProfile(deps, { userId: userIdOf(c), input }), 201)));
  app.put('/business-details', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Change the business name, location, phone and WhatsApp', jsonSchema: sellerBusinessDetailsSchema, ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 404, 413] }), (c) => withJsonInput(c, async (input) => send(c, await updateSellerBusinessDetails(deps, { userId: userIdOf(c), input }))));
  app.put('/about', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Change the about text (empty is none)', jsonSchema: sellerAboutSchema, ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 404, 413] }), (c) => withJsonInput(c, async (input) => send(c, await updateSellerAbout(deps, { userId: userIdOf(c), input }))));
  app.put('/payout-details', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Change where payouts go, with the account\'s password', description: 'The owner is emailed; payouts to the new details wait 24 hours (decision 0049). Wrong passwords slow the address like a sign-in.', jsonSchema: sellerPayoutDetailsSchema, ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 404, 413, 429] }), async (c) => {
    const user = c.get('user');
    if (!user) return signInRequired(c);
    return withJsonInput(c, async (input) => {
      // A form the use case would refuse before the password is looked at costs no sign-in try.
      const parsed = parseOrFirstError(sellerPayoutDetailsSchema, input);
      if (!parsed.ok) return send(c, err('VALIDATION_FAILED', { message: parsed.message }));
      const limited = await rateLimited(c, { rateLimiter: accounts.rateLimiter, clock: deps.clock }, [[ACCOUNT_RATE_LIMITS.payoutDetailsPerUser, user.userId]]);
      if (limited) return limited;
      // The password is a sign-in's password: guessed here, it is slowed like a sign-in.
      const gate = await admitSignIn(throttle, { email: user.email, address: accounts.address(c) });
      if (!gate.ok) return tooManyRequests(c, gate.retryAfterMs);
      const result = await changeSellerPayoutDetails(deps, { userId: user.userId, input, locale: languageOf(c) });
      await settleSignIn(throttle, gate.pass, result.ok ? 'signed-in' : result.error.code === 'CURRENT_PASSWORD_INCORRECT' ? 'wrong-credentials' : 'other');
      if (result.ok) accounts.sendOutboxSoon?.();
      return send(c, result);
    });
  });
  app.put('/notifications', routeDoc({ tag: 'seller', caller: ['session'], summary: 'How the seller is told of their orders (SMS, email)', jsonSchema: sellerNotificationsSchema, ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 404, 413] }), (c) => withJsonInput(c, async (input) => send(c, await updateSellerNotifications(deps, { userId: userIdOf(c), input }))));
  app.put('/logo', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Upload the logo', multipart: 'The image in the `logo` field (at most 10 MB)', ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [400, 401, 404, 413] }), photoBodyLimit(), async (c) => {
    const upload = await readPhotoUpload(c, 'logo');
    if (!upload.ok) return upload.response;
    return send(c, await uploadSellerLogo(logoDeps, { userId: userIdOf(c), bytes: upload.bytes }));
  });
  app.delete('/logo', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Remove the logo', ok: { description: 'The seller profile', schema: sellerProfileViewSchema }, errors: [401, 404] }), async (c) => send(c, await removeSellerLogo(logoDeps, { userId: userIdOf(c) })));
  return app;
}
