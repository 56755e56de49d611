import { parseActor, type Actor } from '../../orders/actor.js';
import { actorForAudit } from '../../ports/records.js';
import type { DomainEvent, EventBus } from '../../ports/event-bus.js';

/** The admin behind an actor, or null for anyone else (checked again here: the core trusts no caller's shape). */
export function adminOf(actor: Actor): { readonly userId: string; readonly audit: string } | null {
  const parsed = parseActor(actor);
  return parsed?.kind === 'admin' ? { userId: parsed.userId, audit: actorForAudit(parsed) } : null;
}

/** Live updates are best-effort: a failed publish never fails a committed change. */
export async function publishAdminEvents(deps: { readonly events?: EventBus }, events: readonly DomainEvent[]): Promise<void> {
  if (!deps.events) return;
  try {
    await deps.events.publish(events);
  } catch {
    // The screens also re-read on reconnect; the change itself is committed.
  }
}
