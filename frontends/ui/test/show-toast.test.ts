// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, registerCatalog } from '../src/i18n/i18n.ts';
import { uiCatalog } from '../src/i18n/kit-texts.ts';
import { notify } from '../src/toast/show-toast.ts';

registerCatalog(uiCatalog);

const region = () => document.getElementById('escrow-toasts');

describe("the toasts' region and Dismiss button speak the page's language", () => {
  afterEach(async () => {
    vi.useRealTimers();
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
