import type { Clock } from '../ports/clock.js';

/** A clock tests move by hand. */
export class FixedClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T09:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
