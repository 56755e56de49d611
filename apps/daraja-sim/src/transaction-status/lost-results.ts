/**
 * Results a test asked to lose: the next N Transaction Status Results are never POSTed, as when
 * Safaricom's Result does not reach the integrator. The request is still accepted as usual.
 */
export class LostResults {
  private remaining = 0;

  arm(count: number): void {
    this.remaining = count;
  }

  take(): boolean {
    if (this.remaining <= 0) return false;
    this.remaining -= 1;
    return true;
  }

  reset(): void {
    this.remaining = 0;
  }
}
