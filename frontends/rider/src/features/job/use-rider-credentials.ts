import { pageSearch } from '@escrow/ui/page/page-answers';
import { useCallback, useEffect, useState } from 'react';
import { normalizeKenyanPhone } from '@escrow/core/rules';
import type { RiderCredentials } from '../../shared/rider-api.ts';
import { readRiderKey, storeRiderKey } from '../../shared/rider-storage.ts';

function fromUrl(): { phone: string | null; key: string | null } {
  const params = new URLSearchParams(pageSearch());
  const phone = params.get('phone')?.trim();
  const key = params.get('key')?.trim();
  return { phone: phone ? phone : null, key: key ? key : null };
}

/** Takes the key out of the address bar (the phone stays): it is the job's password. */
function removeKeyFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('key')) return;
  url.searchParams.delete('key');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

const samePhone = (a: string, b: string) => (normalizeKenyanPhone(a) ?? a) === (normalizeKenyanPhone(b) ?? b);

function resolve(orderId: string): { credentials: RiderCredentials | null; fromLink: RiderCredentials | null } {
  const url = fromUrl();
  const stored = readRiderKey(orderId);
  const phone = url.phone ?? stored?.phone ?? null;
  if (phone === null) return { credentials: null, fromLink: null };
  // A key stored for another phone on this device belongs to another rider's link.
  const storedKey = stored && samePhone(stored.phone, phone) ? stored.key : null;
  const credentials = { phone, key: url.key ?? storedKey };
  return { credentials, fromLink: url.key ? credentials : null };
}

export interface RiderJobCredentials {
  /** Null without a phone (neither in the link nor kept from an earlier visit). */
  readonly credentials: RiderCredentials | null;
  /** Keeps the link's key on this device once the server accepted it. */
  readonly remember: () => void;
}

/**
 * The rider link `/rider/{orderId}?phone=...&key=...` (decision 0006): the phone and the
 * assignment's key. The key leaves the address bar at once and is kept on the device after
 * the server accepted it, so the job opens again from /rider/{orderId}?phone=... and from My Jobs.
 */
export function useRiderCredentials(orderId: string): RiderJobCredentials {
  const [resolved] = useState(() => resolve(orderId));
  useEffect(() => {
    removeKeyFromUrl();
  }, []);
  const { fromLink } = resolved;
  const remember = useCallback(() => {
    if (fromLink?.key) storeRiderKey(orderId, { phone: fromLink.phone, key: fromLink.key });
  }, [orderId, fromLink]);
  return { credentials: resolved.credentials, remember };
}
