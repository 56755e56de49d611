/**
 * Every delayed action of the simulator (callbacks, prompt time-outs) goes through one
 * scheduler, so reset() and close() can drop them all: a callback from a test that has ended
 * must not reach the next test's receiver.
 */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<(completed: boolean) => void>();

  after(ms: number, action: () => unknown): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // An action that throws must not take the server down with it.
      Promise.resolve()
        .then(action)
        .catch((error: unknown) => console.error('daraja-sim: a scheduled action failed', error));
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  /** Resolves true after `ms`, or false as soon as clearAll() drops it (the caller then stops). */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = (completed: boolean) => {
        this.sleepers.delete(wake);
        resolve(completed);
      };
      this.sleepers.add(wake);
      this.after(ms, () => wake(true));
    });
  }

  cancel(timer: NodeJS.Timeout | null): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  clearAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake(false);
  }
}
