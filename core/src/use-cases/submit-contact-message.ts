import { err, ok, type Result } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { ContactStore, ContactSubmission } from '../ports/contact-store.js';
import type { EventBus } from '../ports/event-bus.js';
import type { Random } from '../ports/random.js';
import { contactFormSchema } from '../validation/contact-form.js';
import { parseOrFirstError } from '../validation/first-error.js';
import { publishAdminEvents } from './admin/admin-caller.js';

export interface SubmitContactMessageDeps {
  readonly contacts: ContactStore;
  readonly clock: Clock;
  readonly random: Random;
  /** Told after the message is stored, so the admins' Contacts tab refreshes live. */
  readonly events?: EventBus | undefined;
}

/**
 * Stores a message from the /contact form, unresolved, for the admins' Contacts tab. The input
 * is whatever the caller sent: it is checked with the form's own schema (spec section 5),
 * and the first failing message comes back as VALIDATION_FAILED. Rate limits are the HTTP
 * layer's business (they are about addresses, not messages).
 */
export async function submitContactMessage(deps: SubmitContactMessageDeps, input: unknown): Promise<Result<ContactSubmission>> {
  const parsed = parseOrFirstError(contactFormSchema, input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const submission: ContactSubmission = {
    id: deps.random.uuid(),
    name: parsed.value.name,
    email: parsed.value.email,
    phone: parsed.value.phone,
    message: parsed.value.message,
    createdAt: deps.clock.now(),
  };
  await deps.contacts.insert(submission);
  await publishAdminEvents(deps, [{ type: 'contact.changed', contactId: submission.id, change: 'submitted', at: submission.createdAt.toISOString() }]);
  return ok(submission);
}
