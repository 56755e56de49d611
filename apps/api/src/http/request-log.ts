import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { withBindings, type Logger } from './logger.js';

/** The access line's message: one per request, with the fields of `AccessLine` (decision 0068). */
export const ACCESS_LINE_MESSAGE = 'request completed';

export type ActorKind = 'seller' | 'admin' | 'rider' | 'buyer' | 'anonymous';

export interface AccessLine {
  readonly method: string;
  /** The route's pattern (`/api/buyer/orders/:id`), never the URL: links carry secrets in their query. */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  readonly actor: ActorKind;
  readonly orderId?: string;
  readonly idempotencyKey?: string;
}

/** What requestLogging puts in Hono's context: the request's id and a logger whose lines carry it. */
export type RequestLogVariables = { requestId: string; logger: Logger };

// The same shape idempotency.ts accepts; anything else is logged as refused, not as sent.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{16,128}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const LIVE_ORDER = /^\/api\/live\/orders\//;

/**
 * Every request gets an id (an incoming X-Request-Id of at most 64 letters, digits, `_`, `-` or
 * `=`, else a new UUID), answered in X-Request-Id, and a logger bound to it at `c.var.logger`;
 * when the answer is made, one access line. Health checks and pages or files (anything outside
 * /api/) are logged at debug, the rest at info.
 */
export function requestLogging(logger: Logger): MiddlewareHandler[] {
  const access: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    // `reqId`, not `requestId`: lines already use that name for an M-Pesa prompt's stk_requests row.
    const requestLogger = withBindings(logger, { reqId: c.get('requestId') as string });
    c.set('logger', requestLogger);
    await next();
    // requestId() set it on the context; an answer built as a Response of its own (files, pages) lacks it.
    if (!c.res.headers.has('X-Request-Id')) c.header('X-Request-Id', c.get('requestId') as string);
    const line = accessLine(c, performance.now() - started);
    const quiet = line.route === '/api/health' || !c.req.path.startsWith('/api/');
    if (quiet) requestLogger.debug?.(ACCESS_LINE_MESSAGE, { ...line });
    else requestLogger.info(ACCESS_LINE_MESSAGE, { ...line });
  };
  return [requestId({ limitLength: 64 }), access];
}

/** The request's logger (bound to its id), or `fallback` outside requestLogging (tests of single routes). */
export function requestLoggerOf(c: Context, fallback: Logger): Logger {
  return (c.get('logger') as Logger | undefined) ?? fallback;
}

function accessLine(c: Context, durationMs: number): AccessLine {
  // After the handlers ran, the last matched route is the one that answered (a page or a 404: a middleware's pattern).
  const route = routePath(c, c.req.routeIndex) || '*';
  const orderId = route.includes('/orders/:id') ? c.req.param('id') : undefined;
  const key = c.req.header('idempotency-key');
  return {
    method: c.req.method,
    route,
    status: c.res.status,
    durationMs: Math.round(durationMs * 10) / 10,
    actor: actorOf(c),
    ...(orderId && ORDER_ID.test(orderId) ? { orderId } : {}),
    ...(key !== undefined ? { idempotencyKey: IDEMPOTENCY_KEY.test(key) ? key : '(malformed)' } : {}),
  };
}

/**
 * Who the request acts as: buyer and rider routes and pages by their path (their credentials are
 * the link's, checked by the route: the status says whether they held), a live order stream by
 * the credential it carries, then the session: an admin on admin routes, else the seller account;
 * anyone else (callbacks from M-Pesa and SMS included) is anonymous.
 */
function actorOf(c: Context): ActorKind {
  const path = c.req.path;
  if (path.startsWith('/api/buyer/') || path.startsWith('/buyer/')) return 'buyer';
  if (path.startsWith('/api/rider/') || path.startsWith('/rider/')) return 'rider';
  if (LIVE_ORDER.test(path)) return c.req.query('phone') !== undefined || c.req.header('x-rider-phone') !== undefined ? 'rider' : 'buyer';
  const user = c.get('user') as { isAdmin: boolean } | null | undefined;
  if (!user) return 'anonymous';
  return user.isAdmin && (path.startsWith('/api/admin') || path.startsWith('/api/live/admin') || path.startsWith('/admin')) ? 'admin' : 'seller';
}
