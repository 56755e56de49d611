import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { escrowMigrations } from '../src/index.js';
import { migrationWorld } from './support/unmigrated.js';

const { unmigrated, dialects } = await migrationWorld('outbox migration');

describe.each(dialects)('migration 0007-outbox-dispatch on %s', (dialect) => {
  it('marks the messages the old dispatcher parked a year ahead as given up, and leaves the others due', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const all = escrowMigrations(dialect);
    const upTo6 = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0007'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo6 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();
    const now = Date.now();
    const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const row = (id: string, nextAttemptAt: string, deliveredAt: string | null = null) =>
      sql`insert into outbox (id, topic, payload, created_at, attempts, next_attempt_at, delivered_at, last_error) values (${id}, 'notification', '{}', ${iso(-60_000)}, 1, ${nextAttemptAt}, ${deliveredAt}, 'x')`.execute(handle.db);
    await row('parked', iso(365 * 24 * 3_600_000));
    await row('retry-later', iso(3_600_000));
    await row('due', iso(-1_000));
    await row('delivered', iso(365 * 24 * 3_600_000), iso(-30_000));

    await handle.migrate();

    const rows = await handle.db.selectFrom('outbox').select(['id', 'given_up_at']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.given_up_at !== null])).toEqual([
      ['delivered', false],
      ['due', false],
      ['parked', true],
      ['retry-later', false],
    ]);
  });
});
