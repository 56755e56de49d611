import { useEffect, useState } from 'react';
import { failureOf } from '@escrow/api-client/query';
import { useSession, type Account } from '@escrow/api-client/session';

export type AdminAccess = { kind: 'checking' } | { kind: 'admin'; account: Account } | { kind: 'denied' } | { kind: 'failed'; unavailable?: boolean };

/**
 * Whether the visitor may see /admin: a session whose account holds the admin role (the page's
 * one session query; GET /api/auth/session answers 200 with or without a session, so no error
 * is logged for a visitor). The API checks the role again on every admin request; `deny` is
 * called when one of them answers 401/403 (signed out elsewhere, role taken away).
 */
export function useAdminAccess(): { access: AdminAccess; retry(): void; deny(): void } {
  const session = useSession();
  const [denied, setDenied] = useState(false);
  const retry = () => void session.refetch();
  const deny = () => setDenied(true);
  useEffect(() => {
    if (session.errorUpdatedAt > 0) console.warn('The session could not be read', failureOf(session.error).status, failureOf(session.error).code);
  }, [session.errorUpdatedAt, session.error]);

  if (denied) return { access: { kind: 'denied' }, retry, deny };
  if (session.isPending || (session.isError && session.isFetching)) return { access: { kind: 'checking' }, retry, deny };
  if (session.isError) {
    return { access: { kind: 'failed', unavailable: failureOf(session.error).status === 503 }, retry, deny };
  }
  const account = session.data;
  return { access: account?.isAdmin ? { kind: 'admin', account } : { kind: 'denied' }, retry, deny };
}
