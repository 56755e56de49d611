import { CommitOutcomeUnknown, type IdempotentChange } from '@escrow/core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { newOrder, seedSeller } from './support/fixtures.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, type StoreHarness } from './support/store-harness.js';

// A COMMIT that fails after the work succeeded: the store cannot know whether it committed, says
// so (CommitOutcomeUnknown, so nothing that the change may depend on is undone), and stores no
// answer it did not commit. Made real with a deferred constraint trigger that refuses at COMMIT.
const postgres = await postgresForTests('keyed commit');

describe.runIf(postgres.available)('a COMMIT that fails (PostgreSQL)', () => {
  let h: StoreHarness | undefined;
  afterEach(async () => h?.dispose());

  it('throws CommitOutcomeUnknown, reports no committed answer and leaves no key', async () => {
    h = await postgresTarget(postgres.url).open();
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    await sql`create function refuse_at_commit() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`.execute(h.db);
    await sql`create constraint trigger refuse_at_commit after update on orders deferrable initially deferred for each row execute function refuse_at_commit()`.execute(h.db);
    const committed: unknown[] = [];
    const now = new Date();
    const change: IdempotentChange<string> = {
      request: { scope: 's', key: 'key-commit-fails', requestHash: 'h', now, expiresAt: new Date(now.getTime() + 86_400_000) },
      answer: (value) => ({ status: 200, body: value }),
      committed: (answer) => committed.push(answer),
    };
    const error = await h.store
      .transaction(async (tx) => {
        const locked = await tx.orders.getForUpdate(order.id);
        await tx.orders.update(order.id, locked!.version, { itemName: 'never committed' });
        return 'done';
      }, { idempotency: change })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitOutcomeUnknown);
    expect((error as CommitOutcomeUnknown).message).toContain('refused at commit');
    expect(committed).toEqual([]);
    expect(await h.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    expect((await h.db.selectFrom('orders').select('item_name').executeTakeFirstOrThrow()).item_name).toBe(order.itemName);
  });
});
