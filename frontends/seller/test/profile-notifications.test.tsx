// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import SellerProfilePage from '../src/features/profile/seller-profile-page.tsx';
import type { SellerProfile } from '../src/shared/seller-api.ts';

afterEach(() => {
  cleanup();
  // The page's one query cache outlives a test: the next test reads its own answers.
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
});

const PROFILE: SellerProfile = {
  id: 'seller-1',
  businessName: 'Amani Phones',
  businessProfile: null,
  location: 'Westlands, Nairobi',
  phone: '+254712345678',
  whatsapp: null,
  logoUrl: null,
  about: null,
  paymentMethod: 'direct_mpesa',
  paymentNumber: '+254712345678',
  termsAccepted: true,
  termsAcceptedAt: '2026-01-01T09:00:00.000Z',
  email: 'amani.wanjiru.phones@example.com',
  notifyBySms: true,
  notifyByEmail: true,
  payoutDetails: { method: 'mpesa_phone', phone: '+254712345678', paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null, heldUntil: null },
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

type Answer = { status: number; body: unknown };

/**
 * A stand-in for the profile API (the browser tests run against the real server): GET answers the
 * profile; each PUT to /notifications waits for the test to answer it, so the saving state shows.
 */
function fakeProfileApi(profile: SellerProfile) {
  const puts: { body: unknown; answer: (a: Answer) => void }[] = [];
  const respond = (a: Answer) => ({ ok: a.status < 300, status: a.status, headers: new Headers(), json: async () => a.body }) as unknown as Response;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/seller/profile' && (init?.method ?? 'GET') === 'GET') return respond({ status: 200, body: { data: profile } });
    if (path === '/api/seller/profile/notifications' && init?.method === 'PUT') {
      return new Promise<Response>((resolve) => puts.push({ body: JSON.parse(String(init.body)), answer: (a) => resolve(respond(a)) }));
    }
    return respond({ status: 404, body: { error: { code: 'NOT_FOUND', message: `No fake for ${path}` } } });
  });
  vi.stubGlobal('fetch', fetch);
  return { puts };
}

async function openNotifications() {
  render(<SellerProfilePage navigate={() => undefined} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  return screen.getByRole('group', { name: 'Tell me about my orders' });
}

describe('the profile\'s Notifications section (decision 0048)', () => {
  it('shows where each way goes, ticked as the seller chose', async () => {
    fakeProfileApi({ ...PROFILE, notifyByEmail: false });
    const group = await openNotifications();
    const sms = within(group).getByRole('checkbox', { name: 'By SMS to +254712345678' }) as HTMLInputElement;
    const email = within(group).getByRole('checkbox', { name: 'By email to amani.wanjiru.phones@example.com' }) as HTMLInputElement;
    expect([sms.checked, email.checked, email.disabled]).toEqual([true, false, false]);
  });

  it('saves the choice: the button says it is saving until the server answers, then the section says it is updated', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openNotifications();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^By email to/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Notifications' }));

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.body).toEqual({ notifyBySms: true, notifyByEmail: false });

    await act(async () => api.puts[0]?.answer({ status: 200, body: { data: { ...PROFILE, notifyByEmail: false } } }));
    expect((await screen.findByRole('status')).textContent).toBe('Notification settings updated!');
    expect((screen.getByRole('button', { name: 'Save Notifications' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(group).getByRole('checkbox', { name: /^By email to/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('refuses neither before sending anything, with the shared schema\'s words', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openNotifications();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^By SMS to/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /^By email to/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one way to be told about your orders');
    expect(api.puts).toEqual([]);
  });

  it('shows the server\'s refusal and keeps what the seller ticked', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openNotifications();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^By SMS to/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Notifications' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    const message = 'Your account has no email address, so choose SMS to be told about your orders';
    await act(async () => api.puts[0]?.answer({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message } } }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect((within(group).getByRole('checkbox', { name: /^By SMS to/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('without an email address: the email box is off and unticked, and a hint says why; SMS alone is saved', async () => {
    const api = fakeProfileApi({ ...PROFILE, email: null });
    const group = await openNotifications();
    const email = within(group).getByRole('checkbox', { name: 'By email' }) as HTMLInputElement;
    expect([email.disabled, email.checked]).toEqual([true, false]);
    const hint = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Your account has no email address, so we tell you by SMS.');
    fireEvent.click(screen.getByRole('button', { name: 'Save Notifications' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.body).toEqual({ notifyBySms: true, notifyByEmail: false });
  });
});
