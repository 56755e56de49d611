import { useEffect, useState } from 'react';
import { fetchAccount, type AccountCheck } from './api/auth-api.ts';

/** Asks the API once, on mount, who is signed in; null while it is asking. */
export function useAccountCheck(): AccountCheck | null {
  const [check, setCheck] = useState<AccountCheck | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAccount(controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setCheck(result);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Checking the session failed', error);
        setCheck({ kind: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return check;
}
