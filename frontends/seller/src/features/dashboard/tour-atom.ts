import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Whether the seller has finished or skipped the dashboard tour; remembered in localStorage
 * (spec section 9: tour flags are kept in local storage), so it shows once per browser.
 */
export const tourDoneAtom = atomWithStorage<boolean>('seller-dashboard:tour-done', false, createJSONStorage<boolean>(() => localStorage), { getOnInit: true });
