import { useEffect, useEffectEvent } from 'react';

/** How often a screen re-reads while M-Pesa has a payout of it (the live stream announces only orders). */
export const PAYOUT_POLL_MS = 3_000;

/**
 * Calls `reread` every `intervalMs` while `active` (and the page is visible): what the live stream
 * does not announce, such as a payout's Result from M-Pesa, still shows within seconds, and nothing
 * is polled once nothing is pending.
 */
export function usePollWhile(active: boolean, reread: () => void, intervalMs = PAYOUT_POLL_MS): void {
  const tick = useEffectEvent(() => {
    if (document.visibilityState !== 'hidden') reread();
  });
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
