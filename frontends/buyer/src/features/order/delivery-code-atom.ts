import { deliveryCodeStorageKey } from '@escrow/ui/order/delivery-code-key';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * The delivery code of one order, kept in localStorage under the key the order page's
 * delivery-code card reads too (`@escrow/ui/order/delivery-code-key`), so the buyer can
 * reopen the page after the code has left the URL. One atom per order id; the cache keeps
 * the atom identity stable across renders.
 */
const atoms = new Map<string, ReturnType<typeof createDeliveryCodeAtom>>();

// jotai's default: window.localStorage where there is one, none on the server (decision 0059).
const storage = createJSONStorage<string | null>();

function createDeliveryCodeAtom(orderId: string) {
  // getOnInit reads the stored code on first render, so a returning buyer never sees
  // "code required" flash before the stored code arrives.
  return atomWithStorage<string | null>(deliveryCodeStorageKey(orderId), null, storage, { getOnInit: true });
}

export function deliveryCodeAtom(orderId: string) {
  // A server render (decision 0059) keeps nothing per order between requests.
  if (typeof window === 'undefined') return createDeliveryCodeAtom(orderId);
  let atom = atoms.get(orderId);
  if (!atom) {
    atom = createDeliveryCodeAtom(orderId);
    atoms.set(orderId, atom);
  }
  return atom;
}
