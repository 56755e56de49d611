// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, registerCatalog } from '../src/i18n/i18n.ts';
import { uiCatalog } from '../src/i18n/kit-texts.ts';
import { dismissAllToasts, MAX_VISIBLE_TOASTS, notify, showToast, toastQueue } from '../src/toast/show-toast.ts';

registerCatalog(uiCatalog);

const region = () => document.getElementById('escrow-toasts');

describe("the toasts' region and Dismiss button speak the page's language", () => {
  afterEach(async () => {
    vi.useRealTimers();
    dismissAllToasts();
    region()?.remove();
    await activateLocale('en');
  });

  it('in English', () => {
    vi.useFakeTimers();
    notify({ title: 'Order created successfully!' });
    vi.advanceTimersByTime(60);
    expect(region()?.getAttribute('aria-label')).toBe('Notifications');
    expect(region()?.querySelector('.toast__dismiss')?.getAttribute('aria-label')).toBe('Dismiss notification');
  });

  it('in Swahili, the region renamed when the language changed after it was made', async () => {
    vi.useFakeTimers();
    notify({ title: 'Order created successfully!' });
    vi.advanceTimersByTime(60);
    vi.useRealTimers();
    await activateLocale('sw');
    notify({ title: 'Oda imeundwa kikamilifu!' });
    expect(region()?.getAttribute('aria-label')).toBe('Arifa');
    expect([...(region()?.querySelectorAll('.toast__dismiss') ?? [])].map((button) => button.getAttribute('aria-label'))).toEqual(['Dismiss notification', 'Funga arifa']);
  });
});

describe('the toast queue', () => {
  afterEach(() => {
    dismissAllToasts();
    region()?.remove();
    vi.useRealTimers();
  });

  const onScreen = () => [...(region()?.querySelectorAll('.toast__message') ?? [])].map((p) => p.textContent);

  it(`shows at most ${MAX_VISIBLE_TOASTS} at once; the next comes in order as one times out, each with its full time`, () => {
    vi.useFakeTimers();
    for (const n of [1, 2, 3, 4, 5]) showToast(`Saved ${n}`, 'success', 1_000);
    vi.advanceTimersByTime(60);
    expect(toastQueue()).toEqual({ shown: ['Saved 1', 'Saved 2', 'Saved 3'], waiting: ['Saved 4', 'Saved 5'] });
    expect(onScreen()).toEqual(['Saved 1', 'Saved 2', 'Saved 3']);
    // On screen at 50 ms (new live regions wait a tick), so their time is up at 1,050 ms.
    vi.advanceTimersByTime(989);
    expect(onScreen()).toEqual(['Saved 1', 'Saved 2', 'Saved 3']);
    vi.advanceTimersByTime(1);
    // The first three's time was up together; the two waiting show now, their time only starting.
    expect(toastQueue()).toEqual({ shown: ['Saved 4', 'Saved 5'], waiting: [] });
    expect(onScreen()).toEqual(['Saved 4', 'Saved 5']);
    vi.advanceTimersByTime(999);
    expect(onScreen()).toEqual(['Saved 4', 'Saved 5']);
    vi.advanceTimersByTime(1);
    expect(onScreen()).toEqual([]);
  });

  it('does not repeat a message already shown or waiting (a double tap): one toast, its time started again', () => {
    vi.useFakeTimers();
    const first = showToast('Could not save. Please try again.', 'error', 1_000);
    vi.advanceTimersByTime(800);
    const second = showToast('Could not save. Please try again.', 'error', 1_000);
    expect(second).toBe(first);
    expect(onScreen()).toEqual(['Could not save. Please try again.']);
    vi.advanceTimersByTime(800);
    // Started again at the second ask: still there 1.6 s after the first.
    expect(onScreen()).toEqual(['Could not save. Please try again.']);
    vi.advanceTimersByTime(200);
    expect(onScreen()).toEqual([]);
    // Gone: the same words make a toast again.
    showToast('Could not save. Please try again.', 'error', 1_000);
    expect(onScreen()).toEqual(['Could not save. Please try again.']);
    // The same title with another second line, or another tone, is another message.
    notify({ title: 'Could not save. Please try again.', description: 'The server is busy', tone: 'error' });
    showToast('Could not save. Please try again.', 'info');
    expect(toastQueue().shown).toHaveLength(3);
  });

  it('puts an error ahead of the successes waiting, behind the errors already waiting', () => {
    vi.useFakeTimers();
    for (const n of [1, 2, 3, 4]) showToast(`Saved ${n}`);
    showToast('First refusal', 'error');
    showToast('Second refusal', 'error');
    expect(toastQueue().waiting).toEqual(['First refusal', 'Second refusal', 'Saved 4']);
    vi.advanceTimersByTime(60);
    // Errors are announced at once (role=alert); successes politely (role=status).
    expect(region()?.querySelector('[role="status"]')?.textContent).toContain('Saved 1');
  });

  it('holds a toast while it is hovered or focused, and lets the next in at once when one is dismissed', () => {
    vi.useFakeTimers();
    for (const n of [1, 2, 3, 4]) showToast(`Saved ${n}`, 'success', 1_000);
    vi.advanceTimersByTime(60);
    const toasts = region()?.querySelectorAll<HTMLElement>('.toast') ?? [];
    toasts[0]?.dispatchEvent(new Event('mouseenter'));
    toasts[1]?.dispatchEvent(new Event('focusin'));
    vi.advanceTimersByTime(5_000);
    // The third's time ran out, and then the fourth's, which took its place; the held two stay.
    expect(toastQueue()).toEqual({ shown: ['Saved 1', 'Saved 2'], waiting: [] });
    toasts[0]?.dispatchEvent(new Event('mouseleave'));
    vi.advanceTimersByTime(999);
    expect(toastQueue().shown).toContain('Saved 1');
    vi.advanceTimersByTime(1);
    expect(toastQueue().shown).not.toContain('Saved 1');
    // Dismiss: off at once, whatever its time.
    toasts[1]?.querySelector<HTMLButtonElement>('.toast__dismiss')?.click();
    expect(toastQueue().shown).toEqual([]);
  });

  it('removes a waiting toast from the queue when its remover is called before it shows', () => {
    vi.useFakeTimers();
    for (const n of [1, 2, 3]) showToast(`Saved ${n}`);
    const fourth = showToast('Saved 4');
    fourth();
    expect(toastQueue().waiting).toEqual([]);
    dismissAllToasts();
    expect(toastQueue()).toEqual({ shown: [], waiting: [] });
  });

  it('forgets toasts whose region something else took off the page: the same message shows again, in a new region', () => {
    vi.useFakeTimers();
    showToast('Saved');
    vi.advanceTimersByTime(60);
    region()?.remove();
    showToast('Saved');
    vi.advanceTimersByTime(60);
    expect(onScreen()).toEqual(['Saved']);
    expect(toastQueue().shown).toEqual(['Saved']);
  });
});
