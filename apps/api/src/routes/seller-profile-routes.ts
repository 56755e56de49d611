import {
  createSellerProfile,
  getOwnSellerProfile,
  removeSellerLogo,
  updateSellerAbout,
  updateSellerBusinessDetails,
  updateSellerNotifications,
  updateSellerPaymentInfo,
  uploadSellerLogo,
  type Result,
  type SellerProfile,
} from '@escrow/core';
import { Hono, type Context } from 'hono';
import type { AccountsHttp } from '../accounts/accounts-http.js';
import type { AppEnv } from '../http/app-env.js';
import { sendResult } from '../http/error-handler.js';
import { jsonInputOrEmpty } from '../http/json-body.js';
import { signInRequired } from './auth-routes.js';
import { photoBodyLimit, readPhotoUpload } from './photos.js';

/** The seller record as its owner sees it (GET and every update answer with it). */
export function sellerProfileView(p: SellerProfile) {
  return {
    id: p.id,
    businessName: p.businessName,
    businessProfile: p.businessProfile,
    location: p.location,
    phone: p.phone,
    whatsapp: p.whatsapp,
    logoUrl: p.logoUrl,
    about: p.about,
    paymentMethod: p.paymentMethod,
    paymentNumber: p.paymentNumber,
    termsAccepted: p.termsAccepted,
    termsAcceptedAt: p.termsAcceptedAt?.toISOString() ?? null,
    // The account's own address, where email notifications go (null: the SMS is the only way).
    email: p.email,
    notifyBySms: p.notifyBySms,
    notifyByEmail: p.notifyByEmail,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type SellerProfileView = ReturnType<typeof sellerProfileView>;

const send = (c: Context, result: Result<SellerProfile>, status: 200 | 201 = 200): Response =>
  sendResult(c, result.ok ? { ok: true, value: sellerProfileView(result.value) } : result, status);

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
 *   PUT    /payment-info       payout method and number
 *   PUT    /notifications      { notifyBySms, notifyByEmail }: how the seller is told of their orders
 *   PUT    /logo               multipart field `logo`: an image of at most 10 MB
 *   DELETE /logo               remove the logo
 */
export function sellerProfileRoutes(accounts: AccountsHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const deps = accounts.deps;
  const logoDeps = { ...deps, files: accounts.files };

  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!c.get('user')) return signInRequired(c);
    return next();
  });
  const userIdOf = (c: Context<AppEnv>): string => c.get('user')?.userId ?? '';

  app.get('/', async (c) => send(c, await getOwnSellerProfile(deps, { userId: userIdOf(c) })));
  app.post('/', (c) => withJsonInput(c, async (input) => send(c, await createSellerProfile(deps, { userId: userIdOf(c), input }), 201)));
  app.put('/business-details', (c) => withJsonInput(c, async (input) => send(c, await updateSellerBusinessDetails(deps, { userId: userIdOf(c), input }))));
  app.put('/about', (c) => withJsonInput(c, async (input) => send(c, await updateSellerAbout(deps, { userId: userIdOf(c), input }))));
  app.put('/payment-info', (c) => withJsonInput(c, async (input) => send(c, await updateSellerPaymentInfo(deps, { userId: userIdOf(c), input }))));
  app.put('/notifications', (c) => withJsonInput(c, async (input) => send(c, await updateSellerNotifications(deps, { userId: userIdOf(c), input }))));
  app.put('/logo', photoBodyLimit(), async (c) => {
    const upload = await readPhotoUpload(c, 'logo');
    if (!upload.ok) return upload.response;
    return send(c, await uploadSellerLogo(logoDeps, { userId: userIdOf(c), bytes: upload.bytes }));
  });
  app.delete('/logo', async (c) => send(c, await removeSellerLogo(logoDeps, { userId: userIdOf(c) })));
  return app;
}
