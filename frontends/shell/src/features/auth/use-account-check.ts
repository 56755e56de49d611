import { useSession } from '@escrow/api-client/session';
import type { AccountCheck } from './api/auth-api.ts';

/** Who is signed in, from the page's one session query; null while it is asking. */
export function useAccountCheck(): AccountCheck | null {
  const session = useSession();
  if (session.isPending) return null;
  if (session.isError) return { kind: 'failed' };
  return session.data ? { kind: 'signed-in', account: session.data } : { kind: 'anonymous' };
}
