/**
 * Calls `renew` every third of `leaseMs` until the returned function is called: how work that
 * holds a lease keeps it while it lasts (a job's lease, leased-jobs.ts; the outbox's sends,
 * deliver-outbox.ts). A holder that dies stops renewing, and the lease runs out within `leaseMs`.
 * The timer never keeps a process alive that is otherwise done (Node's timers have unref).
 */
export function renewingEveryThird(leaseMs: number, renew: () => void): () => void {
  const timer = setInterval(renew, Math.max(1, Math.floor(leaseMs / 3)));
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}
