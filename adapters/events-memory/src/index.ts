import type { DomainEvent, EventBus } from '@escrow/core';

/**
 * The single-node event bus: committed changes fan out to this process's subscribers
 * (server-sent event streams). A throwing subscriber never stops the others.
 */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new Set<(event: DomainEvent) => void>();

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const listener of [...this.listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('event subscriber failed', error);
        }
      }
    }
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
