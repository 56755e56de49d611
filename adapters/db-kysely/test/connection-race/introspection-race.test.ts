import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/index.js';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';

const postgres = await postgresForTests('introspection while other schemas are dropped');

describe.runIf(postgres.available)('PostgreSQL: migrating one schema while others are dropped', () => {
  // Whole migrations race here (19 steps each, the churn's last one awaited at the end): minutes on a busy 2-core machine, so a generous limit; it tests correctness, not speed.
  it('never fails because another schema vanished while the migrator listed tables', { timeout: 180_000 }, async () => {
    const mine = await createTestSchema(postgres.url);
    const handle = openPostgres({ connectionString: postgres.url, schema: mine.schema, poolSize: 2 });
    let churning = true;
    // Other tests (or tenants) creating and dropping schemas with tables, as fast as they can.
    const churn = (async () => {
      while (churning) {
        const other = await createTestSchema(postgres.url);
        const scratch = openPostgres({ connectionString: postgres.url, schema: other.schema, poolSize: 1 });
        await scratch.migrate();
        await scratch.close();
        await other.drop();
      }
    })();
    try {
      await handle.migrate();
      // check() lists the tables of every schema through the same introspection, again and again.
      for (let i = 0; i < 60; i += 1) expect(await handle.check()).toEqual({ ok: true });
    } finally {
      churning = false;
      await churn;
      await handle.close();
      await mine.drop();
    }
  });
});
