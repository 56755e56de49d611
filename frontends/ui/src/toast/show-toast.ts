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

/** At most this many toasts show at once; the rest wait their turn (a phone's screen holds about three). */
export const MAX_VISIBLE_TOASTS = 3;

interface Toast {
  /** Same tone, title and description: the same message (shown once however often it is asked for). */
  readonly key: string;
  readonly tone: ToastTone;
  readonly element: HTMLElement;
  /** Puts it on screen and starts its time. */
  show(): void;
  /** Takes it off screen (or out of the queue) for good. */
  remove(): void;
  /** It was on screen and something else took it off (the region removed): it no longer counts. */
  stale(): boolean;
}

// The page's toasts: those on screen, and those waiting (errors ahead of the rest).
const shown: Toast[] = [];
const waiting: Toast[] = [];
// Inserts waiting for new live regions' first tick, in order.
let pendingInserts: (() => void)[] | null = null;

function showNext(): void {
  while (shown.length < MAX_VISIBLE_TOASTS && waiting.length > 0) {
    const next = waiting.shift() as Toast;
    shown.push(next);
    next.show();
  }
}

/** What is on screen and waiting, by title (for tests). */
export function toastQueue(): { readonly shown: readonly string[]; readonly waiting: readonly string[] } {
  const title = (toast: Toast) => toast.element.querySelector('.toast__message')?.textContent ?? '';
  return { shown: shown.map(title), waiting: waiting.map(title) };
}

/**
 * Shows a toast with an optional second line; returns a function that removes it at once.
 * A queue (as sonner's): at most MAX_VISIBLE_TOASTS at once, the next shown as one leaves, an
 * error ahead of waiting successes; a message already shown or waiting is not repeated (its
 * time starts again). Each one's time runs only while it shows and is not hovered or focused.
 */
export function notify({ title, description, tone = 'success', durationMs = DEFAULT_DURATION_MS }: ToastOptions): () => void {
  for (const toast of shown.filter((one) => one.stale())) toast.remove();
  const key = JSON.stringify([tone, title, description ?? '']);
  const same = shown.find((toast) => toast.key === key) ?? waiting.find((toast) => toast.key === key);
  if (same) {
    // A double tap, or a retry that failed the same way: one toast, shown for its full time again.
    same.element.dispatchEvent(new Event('toast:restart'));
    return same.remove;
  }

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
  dismiss.textContent = '×';
  const text = document.createElement('div');
  text.className = 'toast__text';
  text.append(...(details ? [message, details] : [message]));
  toast.append(text, dismiss);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  let onScreen = false;
  let gone = false;
  const schedule = () => {
    clearTimeout(timer);
    if (onScreen && !held) timer = setTimeout(entry.remove, durationMs);
  };
  const hold = (value: boolean) => () => {
    held = value;
    schedule();
  };
  toast.addEventListener('mouseenter', hold(true));
  toast.addEventListener('mouseleave', hold(false));
  toast.addEventListener('focusin', hold(true));
  toast.addEventListener('focusout', hold(false));
  toast.addEventListener('toast:restart', schedule);

  const entry: Toast = {
    key,
    tone,
    element: toast,
    show() {
      const { polite, assertive, fresh } = regions();
      // Named when it shows, in the page's language then.
      dismiss.setAttribute('aria-label', NAMES[currentLocale()].dismiss);
      const insert = () => {
        if (gone) return;
        (tone === 'error' ? assertive : polite).append(toast);
        onScreen = true;
        schedule();
      };
      // Fresh live regions: the messages wait a tick, so they are announced (and keep their order).
      if (fresh) {
        const batch = [insert];
        pendingInserts = batch;
        setTimeout(() => {
          pendingInserts = null;
          for (const run of batch) run();
        }, 50);
      } else if (pendingInserts) pendingInserts.push(insert);
      else insert();
    },
    remove() {
      if (gone) return;
      gone = true;
      clearTimeout(timer);
      toast.remove();
      for (const list of [shown, waiting]) {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
      }
      showNext();
    },
    stale: () => onScreen && !toast.isConnected,
  };
  dismiss.addEventListener('click', entry.remove);

  if (tone === 'error') {
    const firstCalm = waiting.findIndex((other) => other.tone !== 'error');
    waiting.splice(firstCalm < 0 ? waiting.length : firstCalm, 0, entry);
  } else {
    waiting.push(entry);
  }
  showNext();
  return entry.remove;
}

/** Removes every toast, shown or waiting (a page that starts over, a test). */
export function dismissAllToasts(): void {
  for (const toast of [...waiting, ...shown]) toast.remove();
}
