import { describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { failureText } from '../src/shared/failure-text.ts';
import { loadFailedText } from '../src/shared/load-failed.tsx';

describe('what a failed seller action or page says', () => {
  it('a 503 says the service is briefly unavailable; other server faults the action\'s own text', () => {
    expect(failureText({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE }, 'Failed to create order')).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    expect(failureText({ ok: false, status: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.' }, 'Failed to create order')).toBe('Failed to create order');
    expect(failureText({ ok: false, status: 0, code: 'NETWORK', message: '' }, 'Failed to create order')).toBe('Failed to create order. Please check your connection and try again.');
  });

  it('a page that could not load blames the connection only when it was not a 503', () => {
    expect(loadFailedText(503)).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    expect(loadFailedText(0)).toMatch(/internet connection/);
    expect(loadFailedText(undefined)).toMatch(/internet connection/);
  });
});
