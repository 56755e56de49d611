// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { catalogue, catalogueSw, validationMessagesSw } from '@escrow/core';
import { validationMessages } from '@escrow/core/validation';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { catalogueIdOf, localText, useLocalText } from '@escrow/ui/i18n/local-text';
import { afterEach, describe, expect, it } from 'vitest';

// The one English -> page's language lookup of the frontends (issue 19): a message that arrives
// as the core catalogue's English (a shared schema's first failing rule, a fallback) shows in the
// page's language; anything else shows as it came.
describe('localText', () => {
  afterEach(async () => {
    cleanup();
    await activateLocale('en');
  });

  it('finds a catalogue text by its English and shows it in the page language', async () => {
    expect(catalogueIdOf(catalogue.seller.orderCreated)).toBe('catalogue.seller.orderCreated');
    expect(localText(catalogue.seller.orderCreated)).toBe(catalogue.seller.orderCreated);
    await activateLocale('sw');
    expect(localText(catalogue.seller.orderCreated)).toBe(catalogueSw.seller.orderCreated);
    // A form rule of the shared schemas, which the catalogue holds under several ids.
    expect(localText(validationMessages.password.mismatch)).toBe(validationMessagesSw.password.mismatch);
    expect(localText(catalogue.errors.serviceUnavailable)).toBe(catalogueSw.errors.serviceUnavailable);
  });

  it('leaves a text the catalogue does not hold as it came: a name, a server answer already in Swahili', async () => {
    await activateLocale('sw');
    expect(catalogueIdOf('Amani Phones')).toBeUndefined();
    expect(localText('Amani Phones')).toBe('Amani Phones');
    expect(localText(catalogueSw.buyer.feedbackThanks)).toBe(catalogueSw.buyer.feedbackThanks);
    expect(localText('')).toBe('');
  });

  it('re-renders a component that uses the hook when the language changes', async () => {
    function Notice({ text }: { readonly text: string }) {
      const local = useLocalText();
      return <p>{local(text)}</p>;
    }
    render(<Notice text={catalogue.rider.deliveryCompleted} />);
    expect(screen.getByText(catalogue.rider.deliveryCompleted)).toBeTruthy();
    await act(() => activateLocale('sw'));
    expect(screen.getByText(catalogueSw.rider.deliveryCompleted)).toBeTruthy();
  });
});
