import { isServiceUnavailable } from '@escrow/ui/api/request-json';
import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../../shared/admin-api.ts';
import type { Account } from '../../shared/admin-types.ts';

export type AdminAccess = { kind: 'checking' } | { kind: 'admin'; account: Account } | { kind: 'denied' } | { kind: 'failed'; unavailable?: boolean };

/**
 * Whether the visitor may see /admin: a session whose account holds the admin role (GET
 * /api/auth/session answers 200 with or without a session, so no error is logged for a
 * visitor). The API checks the role again on every admin request; `deny` is called when one
 * of them answers 401/403 (signed out elsewhere, role taken away).
 */
export function useAdminAccess(): { access: AdminAccess; retry(): void; deny(): void } {
  const [access, setAccess] = useState<AdminAccess>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    adminApi
      .session(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          console.warn('The session could not be read', result.status, result.code);
          setAccess({ kind: 'failed', unavailable: isServiceUnavailable(result) });
          return;
        }
        const account = result.data.account;
        setAccess(account?.isAdmin ? { kind: 'admin', account } : { kind: 'denied' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The session could not be read', error);
        setAccess({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setAccess({ kind: 'checking' });
    setAttempt((n) => n + 1);
  }, []);
  const deny = useCallback(() => setAccess({ kind: 'denied' }), []);
  return { access, retry, deny };
}
