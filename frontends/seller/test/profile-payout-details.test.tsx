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
  email: 'amani@example.com',
  notifyBySms: true,
  notifyByEmail: true,
  payoutDetails: { method: 'mpesa_phone', phone: '+254712345678', paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null, heldUntil: null },
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

type Answer = { status: number; body: unknown };

/** The profile API stood in for (the browser tests run against the real server): each PUT waits for the test's answer. */
function fakeProfileApi(profile: SellerProfile) {
  const puts: { body: unknown; answer: (a: Answer) => void }[] = [];
  const respond = (a: Answer) => ({ ok: a.status < 300, status: a.status, headers: new Headers(), json: async () => a.body }) as unknown as Response;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/seller/profile' && (init?.method ?? 'GET') === 'GET') return respond({ status: 200, body: { data: profile } });
      if (path === '/api/seller/profile/payout-details' && init?.method === 'PUT') {
        return new Promise<Response>((resolve) => puts.push({ body: JSON.parse(String(init.body)), answer: (a) => resolve(respond(a)) }));
      }
      return respond({ status: 404, body: { error: { code: 'NOT_FOUND', message: `No fake for ${path}` } } });
    }),
  );
  return { puts };
}

async function openPayoutDetails() {
  render(<SellerProfilePage navigate={() => undefined} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Payout details' }));
  return screen.getByRole('group', { name: 'Pay me by' });
}

const password = () => screen.getByLabelText(/^Your password/) as HTMLInputElement;

describe('the profile\'s Payout details section (decision 0049)', () => {
  it('shows where payouts go, and no hold for details never changed; the spec\'s unguarded Payment Information is gone', async () => {
    fakeProfileApi(PROFILE);
    await openPayoutDetails();
    expect(screen.getByText('Payouts go to').nextElementSibling?.textContent).toBe('M-Pesa phone +254 712 345 678');
    expect(screen.queryByText(/Held until/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Payment Information' })).toBeNull();
  });

  it('shows a hold in Nairobi time, and a Paybill without its account number', async () => {
    fakeProfileApi({ ...PROFILE, payoutDetails: { ...PROFILE.payoutDetails, method: 'paybill', phone: null, paybillNumber: '600100', changedAt: '2026-03-02T07:01:00.000Z', heldUntil: '2026-03-03T07:01:00.000Z' } });
    await openPayoutDetails();
    expect(screen.getByText('Payouts go to').nextElementSibling?.textContent).toBe('Paybill 600100');
    expect(screen.getByText(/^Held until/).textContent).toBe('Held until 3 Mar 2026, 10:01 (Nairobi time): payouts to new details wait 24 hours.');
    expect(screen.getByText(/Add the account number of your Paybill/)).toBeTruthy();
  });

  it('changes them: the chosen method\'s fields and the password are sent, the button says Saving… until the server answers; the password is then cleared and the hold shown', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openPayoutDetails();
    fireEvent.click(within(group).getByRole('radio', { name: 'Paybill' }));
    expect(screen.queryByLabelText(/^M-Pesa phone number/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Paybill number/), { target: { value: '247247' } });
    fireEvent.change(screen.getByLabelText(/^Account number/), { target: { value: '0123456789' } });
    fireEvent.change(password(), { target: { value: 'Sokoni#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Payout Details' }));

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.body).toEqual({ method: 'paybill', phone: '+254712345678', paybillNumber: '247247', accountReference: '0123456789', tillNumber: '', currentPassword: 'Sokoni#2026' });

    const saved = { ...PROFILE, payoutDetails: { method: 'paybill', phone: null, paybillNumber: '247247', accountReference: '0123456789', tillNumber: null, changedAt: '2026-03-02T07:01:00.000Z', heldUntil: '2026-03-03T07:01:00.000Z' } } as const;
    await act(async () => api.puts[0]?.answer({ status: 200, body: { data: saved } }));
    expect((await screen.findByRole('status')).textContent).toBe('Payout details updated. We emailed you; payouts to them start after 24 hours.');
    expect(password().value).toBe('');
    expect(screen.getByText('Payouts go to').nextElementSibling?.textContent).toBe('Paybill 247247, account 0123456789');
    expect(screen.getByText(/^Held until/).textContent).toContain('3 Mar 2026, 10:01');
  });

  it('checks the form with the shared schema before sending anything: a missing password, a short till', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openPayoutDetails();
    fireEvent.click(within(group).getByRole('radio', { name: 'Till (Buy Goods)' }));
    fireEvent.change(screen.getByLabelText(/^Till number/), { target: { value: '5123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Payout Details' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your password to change where you are paid');
    fireEvent.change(screen.getByLabelText(/^Till number/), { target: { value: '1234' } });
    fireEvent.change(password(), { target: { value: 'Sokoni#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Payout Details' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a Till number of 5 to 7 digits'));
    expect(api.puts).toEqual([]);
  });

  it('shows a wrong password as the server says it, keeps what was typed, and the details as they were', async () => {
    const api = fakeProfileApi(PROFILE);
    const group = await openPayoutDetails();
    fireEvent.click(within(group).getByRole('radio', { name: 'Till (Buy Goods)' }));
    fireEvent.change(screen.getByLabelText(/^Till number/), { target: { value: '5123456' } });
    fireEvent.change(password(), { target: { value: 'Wrong#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Payout Details' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    await act(async () => api.puts[0]?.answer({ status: 400, body: { error: { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Current password is incorrect' } } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect((screen.getByLabelText(/^Till number/) as HTMLInputElement).value).toBe('5123456');
    expect(screen.getByText('Payouts go to').nextElementSibling?.textContent).toBe('M-Pesa phone +254 712 345 678');
  });
});
