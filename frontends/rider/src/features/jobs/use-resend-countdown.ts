import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds until "Resend code" is offered again, counted from the moment a code was sent (the
 * server's `resendAfterSeconds`). Read from the clock each second, so a tab that slept (the rider
 * went to the SMS app) shows the right number when it wakes.
 */
export function useResendCountdown(): { secondsLeft: number; start(seconds: number): void; stop(): void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + Math.max(0, seconds) * 1_000);
  }, []);
  const stop = useCallback(() => setUntil(null), []);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1_000));
  return { secondsLeft, start, stop };
}

/** 75 -> "1:15". */
export const minutesAndSeconds = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
