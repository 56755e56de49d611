import type { EscrowStore } from '@escrow/core';
import type { DatabaseHandle } from '@escrow/db-kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { databaseForProcesses, postgresTarget, sqliteTarget, type ProcessDatabase } from '@escrow/db-kysely/testing';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '@escrow/test-kit/mail-catcher';
import { spawnApiProcess, startApiProcess, type ApiProcess } from './support/api-process.js';

// The outbox as deployed: real API processes (each runs a dispatcher), a real SMTP server in
// this process, a real database; the backlog is written straight into the outbox table.
const postgres = await postgresForTests('outbox dispatchers in API processes');
const FROM = 'Escrow Delivery <no-reply@escrow.example>';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function database(dialect: 'sqlite' | 'postgres'): Promise<ProcessDatabase> {
  const db = await databaseForProcesses(dialect === 'sqlite' ? sqliteTarget : postgresTarget(postgres.url), { poolSize: 2 });
  cleanups.push(() => db.dispose());
  return db;
}

/** `count` due emails, ids ob-0000, ob-0001, ... */
async function backlog(store: EscrowStore, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `ob-${String(i).padStart(4, '0')}`);
  const now = new Date();
  for (let start = 0; start < count; start += 500) {
    await store.transaction(async (tx) => {
      for (const id of ids.slice(start, start + 500)) {
        await tx.outbox.enqueue({ id, topic: 'notification', payload: { channel: 'email', to: `${id}@example.com`, subject: `Order ${id}`, body: 'Payment confirmed.' }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null });
      }
    });
  }
  return ids;
}

const undelivered = async (handle: DatabaseHandle): Promise<number> =>
  Number((await handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('delivered_at', 'is', null).executeTakeFirstOrThrow()).n);

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many times the SMTP server received each Message-ID. */
function receivedPerMessageId(mails: readonly CaughtMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) counts.set(String(mail.parsed.messageId), (counts.get(String(mail.parsed.messageId)) ?? 0) + 1);
  return counts;
}
const messageIdOf = (id: string) => `<${id}@escrow.example>`;

async function mailServer(options: Parameters<typeof startMailCatcher>[0] = {}): Promise<MailCatcher> {
  const catcher = await startMailCatcher(options);
  cleanups.push(() => catcher.close());
  return catcher;
}

async function api(env: Record<string, string>): Promise<ApiProcess> {
  const started = await startApiProcess(env);
  cleanups.push(() => started.stop());
  return started;
}

describe.runIf(postgres.available)('two API processes on one PostgreSQL database', () => {
  it('share one outbox backlog and never send a message twice', { timeout: 120_000 }, async () => {
    const db = await database('postgres');
    const ids = await backlog(db.store, 2_000);
    // A server that takes 25 ms per message: one process alone (4 connections) would need over 12 s, so both get to work.
    const catcher = await mailServer({ onMail: () => new Promise((resolve) => setTimeout(resolve, 25)) });
    const env = { ...db.env, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SMTP_FROM: FROM, SMTP_MAX_CONNECTIONS: '4', OUTBOX_CONCURRENCY: '8' };

    const [a, b] = await Promise.all([api(env), api(env)]);
    // Seconds here; the dispatchers before decision 0038 sent 10 messages/s each (100 s for this backlog).
    await until('the backlog to drain', async () => (await undelivered(db.handle)) === 0, 60_000);

    const received = receivedPerMessageId(catcher.mails);
    expect(catcher.mails).toHaveLength(ids.length);
    expect([...received.values()].filter((n) => n > 1)).toEqual([]);
    expect(new Set(received.keys())).toEqual(new Set(ids.map(messageIdOf)));
    // Both dispatchers sent a share, and together exactly the backlog (each logs the rest when it stops).
    await Promise.all([a.stop(), b.stop()]);
    expect(a.delivered() + b.delivered()).toBe(ids.length);
    expect(a.delivered()).toBeGreaterThan(0);
    expect(b.delivered()).toBeGreaterThan(0);
  });

  it('sends a message once when the SMTP server holds it longer than the lease: its sender extends the lease while it waits', { timeout: 120_000 }, async () => {
    const db = await database('postgres');
    const [id] = await backlog(db.store, 1);
    // The server has the message at once and answers "250" 12 s later: over two 5 s leases (its socket timeout is 20 s).
    const catcher = await mailServer({ onMail: () => new Promise((resolve) => setTimeout(resolve, 12_000)) });
    const env = { ...db.env, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SMTP_FROM: FROM, OUTBOX_LEASE_SECONDS: '5' };

    const [a, b] = await Promise.all([api(env), api(env)]);
    await until('the message to be delivered', async () => (await undelivered(db.handle)) === 0, 60_000);
    // The other process polls every 5 s: it looked at least twice while the send was held.
    expect(receivedPerMessageId(catcher.mails)).toEqual(new Map([[messageIdOf(id!), 1]]));
    await Promise.all([a.stop(), b.stop()]);
    expect(a.delivered() + b.delivered()).toBe(1);
    const row = await db.handle.db.selectFrom('outbox').select(['attempts', 'given_up_at']).where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, given_up_at: null });
  });
});

describe.each(postgres.available ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('an API process killed (kill -9) while sending, on %s', (dialect) => {
  it('leaves at most a re-send with the same Message-ID of what the server had taken; a new process recovers the rest after the lease', { timeout: 120_000 }, async () => {
    const db = await database(dialect);
    const ids = await backlog(db.store, 300);
    const target: { victim?: ApiProcess } = {};
    let killedAt: string | undefined;
    const catcher = await mailServer({
      onMail: (mail) => {
        // The 40th message: the server has it; the dispatcher dies before it hears "250 OK".
        if (catcher.mails.length === 40 && target.victim) {
          killedAt = String(mail.parsed.messageId);
          target.victim.kill('SIGKILL');
        }
      },
    });
    const env = { ...db.env, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SMTP_FROM: FROM, SMTP_MAX_CONNECTIONS: '4', OUTBOX_CONCURRENCY: '8', OUTBOX_LEASE_SECONDS: '5' };

    // Known before it can send anything (its start-up pass may send before it listens).
    const victim = spawnApiProcess(env);
    target.victim = victim;
    cleanups.push(() => victim.stop());
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const takenBeforeTheKill = catcher.mails.length;
    expect(killedAt).toBeDefined();
    expect(await undelivered(db.handle)).toBeGreaterThan(0);

    await api(env);
    await until('a new process to send the rest', async () => (await undelivered(db.handle)) === 0, 60_000);

    const received = receivedPerMessageId(catcher.mails);
    expect(new Set(received.keys())).toEqual(new Set(ids.map(messageIdOf)));
    const twice = [...received].filter(([, n]) => n > 1);
    // The message the server had when the process died went out again, with the same Message-ID.
    expect(received.get(killedAt!)).toBe(2);
    // Only messages in flight at the kill can be sent again (at most OUTBOX_CONCURRENCY), and only once more.
    expect(twice.length).toBeLessThanOrEqual(8);
    expect(twice.every(([, n]) => n === 2)).toBe(true);
    const firstTaken = new Set(catcher.mails.slice(0, takenBeforeTheKill).map((m) => String(m.parsed.messageId)));
    expect(twice.every(([messageId]) => firstTaken.has(messageId))).toBe(true);
    // The re-sent message counts two attempts; none was given up.
    const rows = await db.handle.db.selectFrom('outbox').select(['id', 'attempts', 'given_up_at']).execute();
    expect(rows.filter((r) => r.given_up_at !== null)).toEqual([]);
    expect(rows.find((r) => messageIdOf(r.id) === killedAt)?.attempts).toBe(2);
  });
});
