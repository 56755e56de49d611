import { createContext, useContext } from 'react';

/** What every part of the admin screen shares: when to re-read, and what to do when access ends. */
export interface AdminScreen {
  /** Goes up on every live change (debounced) and after the admin's own changes: re-read. */
  readonly version: number;
  /** Re-read the summary and the visible tab now (after a change made here). */
  refresh(): void;
  /** The session ended or the admin role was taken away (401/403 from the API). */
  accessLost(): void;
}

export const AdminScreenContext = createContext<AdminScreen | null>(null);

export function useAdminScreen(): AdminScreen {
  const screen = useContext(AdminScreenContext);
  if (!screen) throw new Error('useAdminScreen is used outside the admin dashboard');
  return screen;
}
