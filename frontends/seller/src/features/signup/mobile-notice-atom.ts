import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Whether the seller dismissed the "tutorial is on a computer" notice; remembered in
 * localStorage (spec section 9: notice dismissal flags are kept in local storage).
 */
export const mobileNoticeDismissedAtom = atomWithStorage<boolean>(
  'seller-signup:mobile-notice-dismissed',
  false,
  createJSONStorage<boolean>(() => localStorage),
  { getOnInit: true },
);
