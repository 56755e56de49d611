// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { LanguageSwitch } from '@escrow/ui/i18n/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Decision 0066: the switch tells a page of the person's own choice, so the page can record it
// for the texts sent to them (the buyer's order, the rider, the seller's account).
describe('LanguageSwitch onChoose', () => {
  afterEach(async () => {
    cleanup();
    await activateLocale('en');
  });

  it("is told of a new language chosen, not of the one already shown; the page changes language even when it throws", async () => {
    const onChoose = vi.fn((locale: string) => {
      throw new Error(`offline: ${locale}`);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<LanguageSwitch onChoose={onChoose} />);
    fireEvent.click(screen.getByRole('button', { name: /EN/ }));
    expect(onChoose).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /SW/ }));
    });
    expect(onChoose).toHaveBeenCalledWith('sw');
    await waitFor(() => expect(screen.getByRole('button', { name: /SW/ }).getAttribute('aria-pressed')).toBe('true'));
    warn.mockRestore();
  });

  it('works without one, as before', async () => {
    render(<LanguageSwitch />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /SW/ }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /SW/ }).getAttribute('aria-pressed')).toBe('true'));
  });
});
