import { normalizeKenyanPhone } from '@escrow/core/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMpesaPhone, phoneFieldValue } from '../src/features/order/mpesa-phone.ts';

// The page's phone field takes the core's rule without zod (decisions 0025, 0062): it must
// accept exactly what the server's schema accepts, or the buyer is told "wrong number" for one
// the server would have prompted.
const sameAsServer = (input: string) => {
  const server = normalizeKenyanPhone(input);
  expect(localMpesaPhone(input)).toBe(server === null ? null : `0${server.slice(4)}`);
};

describe('the M-Pesa phone field', () => {
  it.each(['0712345678', '+254712345678', '254712345678', '0112345678', '+254 712 345 678', '(0712) 345-678', '254.112.345.678'])('accepts %s as the server does', (input) => {
    expect(localMpesaPhone(input)).not.toBeNull();
    sameAsServer(input);
  });

  it.each(['', '0812345678', '071234567', '07123456789', '+1 712 345 678', '712345678', '07l2345678', '2540712345678'])('refuses %j as the server does', (input) => {
    expect(localMpesaPhone(input)).toBeNull();
    sameAsServer(input);
  });

  it('agrees with the server on any number-like input', () => {
    const piece = fc.constantFrom('0', '1', '2', '4', '5', '7', '9', '+', ' ', '-', '(', ')', '.', '254', '07', '01');
    fc.assert(fc.property(fc.array(piece, { maxLength: 14 }).map((parts) => parts.join('')), (input) => sameAsServer(input)));
  });

  it('shows a stored number in local form, and nothing for none', () => {
    expect(phoneFieldValue('+254712345678')).toBe('0712345678');
    expect(phoneFieldValue('+254112345678')).toBe('0112345678');
    expect(phoneFieldValue(undefined)).toBe('');
    expect(phoneFieldValue('+15551234567')).toBe('');
  });
});
