import { createContext, useContext } from 'react';

/** What every part of the admin screen shares: how to re-read, and what to do when access ends. */
export interface AdminScreen {
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
