import { useEffect, useRef } from 'react';

/** Calls `tick` every `ms` while the page is open (a fallback for missed live events). */
export function useInterval(tick: () => void, ms: number | null): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (ms === null) return undefined;
    const timer = window.setInterval(() => latest.current(), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}
