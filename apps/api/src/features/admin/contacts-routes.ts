import {
  catalogue,
  CONTACT_FILTERS,
  contactMessageView,
  listContactMessages,
  resolveContactMessage,
  type AdminDeps,
  type AdminContactsAnswer,
  type ContactResolved,
  type Wire,
} from '@escrow/core';
import { adminContactsAnswerSchema, contactResolvedSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent } from '../../http/idempotency.js';
import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { SESSION_ORDER_ID_FORMAT } from '../shared/session-orders.js';
import { pageQuerySchema, queryOf } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

const contactsQuery = pageQuerySchema.extend({ status: z.enum(CONTACT_FILTERS, { error: 'Status must be open, resolved or all' }).optional() });

/**
 * The Contacts tab: GET /contacts (newest first; ?status=open|resolved|all, all by default) and
 * POST /contacts/:id/resolve ('Contact marked as resolved'; a second resolve is 409
 * CONTACT_ALREADY_RESOLVED and changes nothing). Admins only (the caller middleware runs first).
 */
export function adminContactsRoutes(h: EscrowHttp, deps: AdminDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/contacts', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Contact messages, newest first (open, resolved or all)', ok: { description: 'A page of contact messages', schema: adminContactsAnswerSchema }, errors: [401, 403] }), adminOnly, queryOf(contactsQuery), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const { status, page, pageSize } = c.req.valid('query');
    const result = await listContactMessages(deps, { actor: caller.actor, status, page, pageSize });
    return sendResult(c, result.ok ? { ok: true, value: { contacts: result.value.items.map(contactMessageView), total: result.value.total, page: result.value.page, pageSize: result.value.pageSize } satisfies Wire<AdminContactsAnswer> } : result);
  });

  app.post('/contacts/:id/resolve', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Mark a contact message resolved (once)', ok: { description: 'The message, resolved', schema: contactResolvedSchema }, errors: [401, 403, 404, 409], idempotent: true }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const contactId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(contactId)) return sendResult(c, { ok: false, error: { code: 'CONTACT_NOT_FOUND' } });
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { resolveContact: contactId } },
      (keyed) => resolveContactMessage(deps, { contactId, actor: caller.actor }, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { contact: contactMessageView(result.value), message: catalogue.admin.contactResolved } satisfies Wire<ContactResolved> } : result),
    );
  });

  return app;
}
