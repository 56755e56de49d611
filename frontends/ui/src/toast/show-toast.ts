import type { Locale } from '@escrow/core/i18n';
import { currentLocale } from '../i18n/i18n.ts';
import './toast.css';

/**
 * A short message that outlives the page that shows it (spec section 8's toasts: 'Logged out
 * successfully' is read on the landing page the admin is sent to). The shell owns no React
 * toaster the remotes could reach, and a remote's React tree is gone after the navigation, so
 * the toasts live in a small DOM region of their own at the end of <body>.
 *
 * Screen readers: two live regions (polite for successes, assertive for errors) exist before
 * a message is put in them, so the message is announced. A toast stays while hovered or
 * focused, and has a Dismiss button.
 */
export type ToastTone = 'success' | 'error' | 'info';

const REGION_ID = 'escrow-toasts';

/**
 * The region's and the Dismiss button's names, in the page's language when a toast shows (a
 * table here rather than a catalog: the lean pages fetch no chunk for four words).
 */
const NAMES: Readonly<Record<Locale, { readonly region: string; readonly dismiss: string }>> = {
  en: { region: 'Notifications', dismiss: 'Dismiss notification' },
  sw: { region: 'Arifa', dismiss: 'Funga arifa' },
};
const DEFAULT_DURATION_MS = 6_000;

interface Regions {
  readonly polite: HTMLElement;
  readonly assertive: HTMLElement;
  /** True when the regions were just made: the first message waits a tick to be announced. */
  readonly fresh: boolean;
}

function regions(): Regions {
  const existing = document.getElementById(REGION_ID);
  if (existing) {
    existing.setAttribute('aria-label', NAMES[currentLocale()].region);
    return { polite: existing.querySelector('[role="status"]') as HTMLElement, assertive: existing.querySelector('[role="alert"]') as HTMLElement, fresh: false };
  }
  const section = document.createElement('section');
  section.id = REGION_ID;
  section.className = 'toast-region';
  section.setAttribute('aria-label', NAMES[currentLocale()].region);
  const assertive = document.createElement('div');
  assertive.setAttribute('role', 'alert');
  assertive.className = 'toast-region__list';
  const polite = document.createElement('div');
  polite.setAttribute('role', 'status');
  polite.className = 'toast-region__list';
  section.append(assertive, polite);
  document.body.append(section);
  return { polite, assertive, fresh: true };
}

export interface ToastOptions {
  readonly title: string;
  /** A second, quieter line (e.g. 'Assign a rider to proceed' under 'Payment confirmed'). */
  readonly description?: string;
  readonly tone?: ToastTone;
  /** How long it stays, in milliseconds (held while hovered or focused). */
  readonly durationMs?: number;
}

/** Shows `text` for a few seconds; returns a function that removes it at once. */
export function showToast(text: string, tone: ToastTone = 'success', durationMs = DEFAULT_DURATION_MS): () => void {
  return notify({ title: text, tone, durationMs });
}

/** Shows a toast with an optional second line; returns a function that removes it at once. */
export function notify({ title, description, tone = 'success', durationMs = DEFAULT_DURATION_MS }: ToastOptions): () => void {
  const { polite, assertive, fresh } = regions();
  const toast = document.createElement('div');
  toast.className = `toast toast--${tone}`;
  const message = document.createElement('p');
  message.className = 'toast__message';
  message.textContent = title;
  const details = description ? document.createElement('p') : null;
  if (details) {
    details.className = 'toast__description';
    details.textContent = description ?? '';
  }
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'toast__dismiss';
  dismiss.setAttribute('aria-label', NAMES[currentLocale()].dismiss);
  dismiss.textContent = '×';
  const text = document.createElement('div');
  text.className = 'toast__text';
  text.append(...(details ? [message, details] : [message]));
  toast.append(text, dismiss);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  const remove = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!held) timer = setTimeout(remove, durationMs);
  };
  const hold = (value: boolean) => () => {
    held = value;
    schedule();
  };
  toast.addEventListener('mouseenter', hold(true));
  toast.addEventListener('mouseleave', hold(false));
  toast.addEventListener('focusin', hold(true));
  toast.addEventListener('focusout', hold(false));
  dismiss.addEventListener('click', remove);

  const target = tone === 'error' ? assertive : polite;
  const insert = () => {
    target.append(toast);
    schedule();
  };
  if (fresh) setTimeout(insert, 50);
  else insert();
  return remove;
}
