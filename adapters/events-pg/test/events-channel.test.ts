import { describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL, eventsChannelFor, OUTBOX_CHANNEL, outboxChannelFor, PostgresEventBus } from '../src/index.js';

// NOTIFY reaches every session of a database: deployments (and test runs) in different schemas
// of one database must each have a channel of their own, or an admin's live stream in one
// would receive the other's order events.
describe('the events channel of a schema', () => {
  it('is the plain channel for public, and one of its own (a valid LISTEN name) for any other schema', () => {
    expect(eventsChannelFor('public')).toBe(EVENTS_CHANNEL);
    const a = eventsChannelFor('t_0123456789abcdef');
    const b = eventsChannelFor('Shop "B"');
    expect(new Set([EVENTS_CHANNEL, a, b]).size).toBe(3);
    expect(eventsChannelFor('t_0123456789abcdef')).toBe(a);
    for (const channel of [a, b]) expect(() => new PostgresEventBus({ connectionString: 'postgres://127.0.0.1:1/none', channel })).not.toThrow();
  });

  it('gives the outbox of each schema a wake channel of its own, never an events channel', () => {
    expect(outboxChannelFor('public')).toBe(OUTBOX_CHANNEL);
    const schema = 't_0123456789abcdef';
    expect(outboxChannelFor(schema)).not.toBe(eventsChannelFor(schema));
    expect(outboxChannelFor(schema)).not.toBe(outboxChannelFor('other'));
    expect(() => new PostgresEventBus({ connectionString: 'postgres://127.0.0.1:1/none', channel: eventsChannelFor(schema), wakeChannels: [outboxChannelFor(schema)] })).not.toThrow();
  });
});
