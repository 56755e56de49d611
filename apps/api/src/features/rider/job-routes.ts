import {
  acceptJob,
  catalogue,
  completeDelivery,
  confirmPickupWithPhoto,
  getRiderJob,
  listAssignedJobs,
  listAvailableJobs,
  recordRiderPayment,
  requestRefund,
  setRiderLocale,
  resolveRiderPhoneProof,
  riderJobStatusView,
  riderJobSummary,
  riderJobView,
  riderLinkPath,
  takeListedJob,
  viewTexts,
  type Actor,
  type IdempotentAnswer,
  type Result,
  type LocaleRecorded,
  type RefundRequestRecorded,
  type RiderJobChanged,
  type RiderJobTaken,
  type RiderJobsAnswer,
  type RiderPaymentRecorded,
  type RiderPickupConfirmed,
  type Wire,
} from '@escrow/core';
import { deliveryCodeFormSchema, localeChoiceSchema, refundRequestSchema, riderPaymentSchema } from '@escrow/core/validation';
import { riderJobChangedSchema, riderJobTakenSchema, riderJobViewSchema, riderJobsAnswerSchema, riderPaymentRecordedSchema, riderPickupConfirmedSchema, riderRefundRequestedSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import { readRiderProof } from '../../http/rider-proof-cookie.js';
import type { EscrowHttp } from '../escrow-context.js';
import { ESCROW_RATE_LIMITS, rateLimited } from '../../http/escrow-rate-limits.js';
import { idempotent, type KeyedOptions } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { ORDER_ID_FORMAT } from '../shared/buyer-credentials.js';
import { photoBodyLimit, readPhotoUpload } from '../shared/photo-upload.js';
import { riderCredentials, riderKeyCaller, riderNotFound, riderWithKey } from '../shared/rider-credentials.js';
import { routeDoc } from '../../http/openapi.js';

type PhoneCaller = { ok: true; phone: string; actor: Actor } | { ok: false; response: Response };

/**
 * Requests by phone (no link key): counted per address and per phone, then only with this
 * browser's proof of that very phone (the rider_proof cookie, decision 0046); without it,
 * 401 RIDER_PHONE_NOT_VERIFIED, whatever the phone and whatever the order.
 */
async function phoneCaller(c: Context, h: EscrowHttp, extra: 'take' | null = null): Promise<PhoneCaller> {
  const creds = riderCredentials(c);
  if (!creds.ok) return creds;
  const address = h.address(c);
  const checks =
    extra === 'take'
      ? ([
          [ESCROW_RATE_LIMITS.riderTakePerAddress, address],
          [ESCROW_RATE_LIMITS.riderTakePerPhone, creds.phone],
        ] as const)
      : ([
          [ESCROW_RATE_LIMITS.riderPhonePerAddress, address],
          [ESCROW_RATE_LIMITS.riderPhonePerPhone, creds.phone],
        ] as const);
  const limited = await rateLimited(c, { rateLimiter: h.rateLimiter, clock: h.deps.clock }, checks);
  if (limited) return { ok: false, response: limited };
  const proven = await resolveRiderPhoneProof(h.riderPhone, { token: readRiderProof(c), phone: creds.phone });
  return proven.ok ? { ok: true, phone: creds.phone, actor: proven.value } : { ok: false, response: sendResult(c, proven) };
}

const keyScope = (r: { orderId: string; phone: string; key: string | null }) => `rider-key\n${r.orderId}\n${r.phone}\n${r.key ?? ''}`;

type LinkCaller = Extract<Awaited<ReturnType<typeof riderKeyCaller>>, { ok: true }>;

/** What a keyed action on the rider link runs its use case with: the order, and the rider (phone and key) as actor. */
interface LinkAction {
  readonly orderId: string;
  readonly actor: Actor;
}

/**
 * A state-changing request of a rider link's caller (checked already): at most once per
 * Idempotency-Key, the keys scoped to the link (order, phone, key).
 */
function keyedOnLink<R>(
  c: Context,
  h: EscrowHttp,
  caller: LinkCaller,
  fingerprint: unknown,
  run: (link: LinkAction, keyed: KeyedOptions) => Promise<R>,
  answer: (result: R) => IdempotentAnswer,
): Promise<Response> {
  const link: LinkAction = { orderId: caller.orderId, actor: riderWithKey(caller.phone, caller.key) };
  return idempotent(c, h.keys, { scope: keyScope(caller), fingerprint }, (keyed) => run(link, keyed), answer);
}

/** A keyed action by the rider link's phone and key: riderKeyCaller's refusal without them (or over the address's limit), else `keyedOnLink`. */
async function riderKeyedAction<R>(
  h: EscrowHttp,
  c: Context,
  fingerprint: unknown,
  run: (link: LinkAction, keyed: KeyedOptions) => Promise<R>,
  answer: (result: R) => IdempotentAnswer,
): Promise<Response> {
  const caller = await riderKeyCaller(c, h);
  if (!caller.ok) return caller.response;
  return keyedOnLink(c, h, caller, fingerprint, run, answer);
}

function withMessage<T, U>(result: Result<T>, map: (value: T) => U): Result<U> {
  return result.ok ? { ok: true, value: map(result.value) } : result;
}

/**
 * The rider page's API, mounted at /api/rider. Riders have no login (decisions 0012 and 0046):
 *   phone (X-Rider-Phone) and this browser's proof of it (the rider_proof cookie, phone-routes.ts):
 *     GET  /jobs/available           paid jobs of sellers listing this phone, as summaries
 *     GET  /jobs/assigned            jobs carrying this phone, as summaries
 *     POST /orders/:id/take          take an available job; the new link key is in this answer only
 *   phone + link key (X-Rider-Phone, X-Rider-Key):
 *     GET  /orders/:id               the job: pickup and delivery details
 *     POST /orders/:id/accept        acknowledge the job
 *     POST /orders/:id/pickup        multipart `photo`: pickup proof -> in_transit
 *     POST /orders/:id/complete      { deliveryCode } -> delivered (awaiting settlement)
 *     POST /orders/:id/payment-confirmation  { paymentReceived, paymentIssue }
 *     POST /orders/:id/refund-request        { reason }: the buyer rejected the item
 *     PUT  /orders/:id/locale        { locale: 'en'|'sw' }: the rider's texts from now on in it (decision 0066)
 */
export function riderJobRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/jobs/available', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderProof']], summary: 'Paid jobs of the sellers listing this phone', ok: { description: '`{ jobs }`: summaries', schema: riderJobsAnswerSchema }, errors: [400, 401, 429] }), async (c) => {
    const caller = await phoneCaller(c, h);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await listAvailableJobs(h.deps, { actor: caller.actor });
    return sendResult(c, withMessage(result, (jobs) => ({ jobs: jobs.map((job) => riderJobSummary(job.order, job.seller)) }) satisfies Wire<RiderJobsAnswer>));
  });

  app.get('/jobs/assigned', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderProof']], summary: 'The jobs carrying this phone', ok: { description: '`{ jobs }`: summaries', schema: riderJobsAnswerSchema }, errors: [400, 401, 429] }), async (c) => {
    const caller = await phoneCaller(c, h);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await listAssignedJobs(h.deps, { actor: caller.actor });
    return sendResult(c, withMessage(result, (jobs) => ({ jobs: jobs.map((job) => riderJobSummary(job.order, job.seller)) }) satisfies Wire<RiderJobsAnswer>));
  });

  app.post('/orders/:id/take', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderProof']], summary: 'Take an available job (its link key is in this answer only)', ok: { description: 'The job taken, with its rider link key', schema: riderJobTakenSchema }, errors: [400, 401, 404, 409, 429], idempotent: true }), async (c) => {
    const caller = await phoneCaller(c, h, 'take');
    if (!caller.ok) return caller.response;
    const orderId = c.req.param('id');
    if (!ORDER_ID_FORMAT.test(orderId)) return riderNotFound(c);
    return idempotent(
      c,
      h.keys,
      { scope: `rider-phone\n${caller.phone}`, fingerprint: { take: orderId } },
      (keyed) => takeListedJob(h.deps, { orderId, actor: caller.actor }, keyed()),
      (result) =>
        answerOf(
          withMessage(result, (order) => ({
            job: riderJobStatusView(order),
            // Handed out once, to the rider who took the job: the rider page keeps it like the buyer page keeps its code.
            riderKey: order.riderKey,
            riderLink: riderLinkPath(order),
            message: catalogue.rider.jobAccepted,
          }) satisfies Wire<RiderJobTaken>),
        ),
    );
  });

  app.get('/orders/:id', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'The job: pickup and delivery details', ok: { description: 'The order as its rider sees it', schema: riderJobViewSchema }, errors: [400, 404, 429] }), async (c) => {
    const caller = await riderKeyCaller(c, h);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await getRiderJob(h.deps, { orderId: caller.orderId, actor: riderWithKey(caller.phone, caller.key) });
    return sendResult(c, withMessage(result, (job) => riderJobView(job.order, job.seller)));
  });

  app.post('/orders/:id/accept', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'Acknowledge the job', ok: { description: 'The order, accepted', schema: riderJobChangedSchema }, errors: [400, 404, 409, 429], idempotent: true }), async (c) => {
    return riderKeyedAction(
      h,
      c,
      { accept: true },
      (link, keyed) => acceptJob(h.deps, link, keyed()),
      (result) => answerOf(withMessage(result, (order) => ({ job: riderJobStatusView(order), message: catalogue.rider.jobAccepted }) satisfies Wire<RiderJobChanged>)),
    );
  });

  app.post('/orders/:id/pickup', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'Confirm the pickup with a photo: the order is in transit', ok: { description: 'The order, in transit', schema: riderPickupConfirmedSchema }, multipart: 'The pickup photo in the `photo` field (JPEG, PNG or WebP)', errors: [400, 404, 409, 413, 429], idempotent: true }), photoBodyLimit(), async (c) => {
    const caller = await riderKeyCaller(c, h);
    if (!caller.ok) return caller.response;
    const upload = await readPhotoUpload(c);
    if (!upload.ok) return upload.response;
    return keyedOnLink(
      c,
      h,
      caller,
      { photo: upload.bytes ?? null },
      (link, keyed) => confirmPickupWithPhoto({ ...h.deps, files: h.files }, { ...link, photo: upload.bytes }, keyed()),
      (result) => answerOf(withMessage(result, (order) => ({ job: riderJobStatusView(order), pickupPhotoUrl: order.pickupPhotoUrl, message: catalogue.rider.pickupConfirmed }) satisfies Wire<RiderPickupConfirmed>)),
    );
  });

  app.post('/orders/:id/complete', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'Complete the delivery with the buyer\'s delivery code', ok: { description: 'The order, delivered (awaiting settlement)', schema: riderJobChangedSchema }, errors: [404, 409, 423, 429], idempotent: true }), jsonBody(deliveryCodeFormSchema), async (c) => {
    const input = c.req.valid('json');
    return riderKeyedAction(
      h,
      c,
      input,
      (link, keyed) => completeDelivery(h.deps, { ...link, code: input.deliveryCode }, keyed()),
      (result) => answerOf(withMessage(result, (order) => ({ job: riderJobStatusView(order), message: catalogue.rider.deliveryCompleted }) satisfies Wire<RiderJobChanged>)),
      // Automatic payouts go out now, not at the worker's next round.
    ).finally(() => h.wakePayouts?.());
  });

  app.post('/orders/:id/payment-confirmation', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'Say whether the rider was paid the delivery cost', ok: { description: 'The answer recorded', schema: riderPaymentRecordedSchema }, errors: [404, 409, 429], idempotent: true }), jsonBody(riderPaymentSchema), async (c) => {
    const input = c.req.valid('json');
    return riderKeyedAction(
      h,
      c,
      input,
      (link, keyed) => recordRiderPayment(h.deps, { ...link, paymentReceived: input.paymentReceived, paymentIssue: input.paymentIssue }, keyed()),
      (result) =>
        answerOf(
          withMessage(result, (saved) => ({
            confirmation: { id: saved.id, paymentReceived: saved.paymentReceived, paymentIssue: saved.paymentIssue, createdAt: saved.createdAt.toISOString() },
            message: saved.paymentReceived ? catalogue.rider.paymentConfirmationRecorded : catalogue.rider.issueReported,
          }) satisfies Wire<RiderPaymentRecorded>),
          201,
        ),
    );
  });

  // The rider's own language switch on the job's page: kept with the rider, for every later text.
  app.put('/orders/:id/locale', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'The rider\'s language (en or sw) for their texts from now on', ok: 'The language set', errors: [404, 429], idempotent: true }), jsonBody(localeChoiceSchema), async (c) => {
    const input = c.req.valid('json');
    return riderKeyedAction(
      h,
      c,
      { locale: input.locale },
      (link, keyed) => setRiderLocale(h.deps, { ...link, input }, keyed()),
      (result) => answerOf(withMessage(result, (recorded) => ({ locale: recorded.locale }) satisfies Wire<LocaleRecorded>)),
    );
  });

  app.post('/orders/:id/refund-request', routeDoc({ tag: 'rider', caller: [['riderPhone', 'riderKey']], summary: 'The buyer rejected the item: ask for a refund, with a reason', ok: { description: 'The refund request recorded', schema: riderRefundRequestedSchema }, errors: [404, 409, 429], idempotent: true }), jsonBody(refundRequestSchema), async (c) => {
    const input = c.req.valid('json');
    return riderKeyedAction(
      h,
      c,
      input,
      (link, keyed) => requestRefund(h.deps, { ...link, reason: input.reason }, keyed()),
      (result) =>
        answerOf(
          withMessage(result, (request) => ({ refundRequest: { id: request.id, status: request.status, reason: request.reason, createdAt: request.createdAt.toISOString() }, message: viewTexts.answers.buyerRejected }) satisfies Wire<RefundRequestRecorded>),
          201,
        ),
    );
  });

  return app;
}
