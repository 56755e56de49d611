import { err, ok, type Result } from '../errors.js';
import type { Locale } from '../i18n/locale.js';
import { canSee, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import { actorForAudit } from '../ports/records.js';
import { parseOrFirstError } from '../validation/first-error.js';
import { localeChoiceSchema } from '../validation/locale-choice.js';
import type { EscrowDeps } from './deps.js';

/** What a language switch answers: the language now recorded. */
export interface LocaleRecorded {
  readonly locale: Locale;
}

const parseLocale = (input: unknown): Result<Locale> => {
  const parsed = parseOrFirstError(localeChoiceSchema, input);
  return parsed.ok ? ok(parsed.value.locale) : err('VALIDATION_FAILED', { message: parsed.message });
};

const validOrderId = (orderId: unknown): orderId is string => typeof orderId === 'string' && orderId.length > 0 && orderId.length <= 100;

/**
 * The buyer's own language switch (decision 0066): the order's `buyerLocale`, in which every
 * later text to the buyer (and the delivery code to the payer) is written. Whoever opens the
 * order as its buyer may set it (the link's view key, or the code): the same proof as the
 * buyer's other calls; anyone else is told the order is not found. `input` is
 * `{ locale: 'en' | 'sw' }` (anything else: VALIDATION_FAILED). Setting the language it already
 * has writes nothing; a change is audited as `set_buyer_locale`.
 */
export async function setBuyerLocale(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; input: unknown },
  options: ChangeOptions<Result<LocaleRecorded>> = {},
): Promise<Result<LocaleRecorded>> {
  const actor = parseActor(args?.actor);
  if (actor?.kind !== 'buyer') return err(actor ? notFoundFor(actor) : 'FORBIDDEN');
  if (!validOrderId(args.orderId)) return err(notFoundFor(actor));
  const locale = parseLocale(args.input);
  if (!locale.ok) return locale;
  return deps.store.transaction(async (tx): Promise<Result<LocaleRecorded>> => {
    const order = await tx.orders.getForUpdate(args.orderId);
    if (!order || !canSee(order, actor)) return err(notFoundFor(actor));
    if (order.buyerLocale === locale.value) return ok({ locale: locale.value });
    const now = deps.clock.now();
    if (!(await tx.orders.update(order.id, order.version, { buyerLocale: locale.value, updatedAt: now }))) return err('CONCURRENT_UPDATE');
    await tx.events.append({
      id: deps.random.uuid(),
      orderId: order.id,
      action: 'set_buyer_locale',
      actor: actorForAudit(actor),
      fromStatus: order.status,
      toStatus: order.status,
      data: { from: order.buyerLocale, to: locale.value },
      at: now,
    });
    return ok({ locale: locale.value });
  }, options);
}

/**
 * The rider's own language switch on a job's page (decision 0066): proved by the job link's
 * phone and key, as the rider's other calls on the order are, and kept with the rider's phone
 * (a rider is known by phone, listed by any number of sellers or by none), so every later text
 * to the rider is written in it. `input` is `{ locale: 'en' | 'sw' }`.
 */
export async function setRiderLocale(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; input: unknown },
  options: ChangeOptions<Result<LocaleRecorded>> = {},
): Promise<Result<LocaleRecorded>> {
  const actor = parseActor(args?.actor);
  if (actor?.kind !== 'rider') return err(actor ? notFoundFor(actor) : 'FORBIDDEN');
  if (!validOrderId(args.orderId)) return err(notFoundFor(actor));
  const locale = parseLocale(args.input);
  if (!locale.ok) return locale;
  return deps.store.transaction(async (tx): Promise<Result<LocaleRecorded>> => {
    const order = await tx.orders.get(args.orderId);
    if (!order || !canSee(order, actor) || order.riderPhone === null) return err(notFoundFor(actor));
    await tx.riders.setLocale(order.riderPhone, locale.value, deps.clock.now());
    return ok({ locale: locale.value });
  }, options);
}
