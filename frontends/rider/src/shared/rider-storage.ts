/**
 * What a rider's phone keeps between visits (riders have no login, decision 0026):
 * - the link key of each job, `rider-key:{orderId}` -> {"phone", "key"}, so the job opens again
 *   after the key has left the address bar, and from the dashboard's My Jobs;
 * - the last phone number used, to fill in the dashboard's phone form.
 * Storage may be unavailable (private mode); everything still works from the link itself.
 */
const keyOf = (orderId: string) => `rider-key:${orderId}`;
const PHONE_KEY = 'rider-phone';

export interface StoredRiderKey {
  readonly phone: string;
  readonly key: string;
}

export function readRiderKey(orderId: string): StoredRiderKey | null {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(orderId)) ?? 'null') as Partial<StoredRiderKey> | null;
    return value && typeof value.phone === 'string' && typeof value.key === 'string' ? { phone: value.phone, key: value.key } : null;
  } catch {
    return null;
  }
}

export function storeRiderKey(orderId: string, value: StoredRiderKey): void {
  try {
    localStorage.setItem(keyOf(orderId), JSON.stringify(value));
    localStorage.setItem(PHONE_KEY, value.phone);
  } catch {
    // Storage disabled: the link still works; only reopening without it does not.
  }
}

export function readLastPhone(): string {
  try {
    return localStorage.getItem(PHONE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeLastPhone(phone: string): void {
  try {
    localStorage.setItem(PHONE_KEY, phone);
  } catch {
    // Storage disabled: the form simply starts empty next time.
  }
}
