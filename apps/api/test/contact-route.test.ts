import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, cryptoRandom } from '@escrow/core';
import { FixedClock } from '@escrow/core/testing';
import { createKyselyContactStore, createKyselyRateLimiter, openPostgres, openSqlite, type DatabaseHandle, type SqlDialect } from '@escrow/db-kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';
import { compose } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/create-app.js';
import { CONTACT_MAX_BODY_BYTES, CONTACT_RATE_LIMIT } from '../src/features/contact/routes.js';
import { recordingLogger } from './helpers/recording-logger.js';

const postgres = await postgresForTests('POST /api/contact');
const DIALECTS: readonly SqlDialect[] = ['sqlite', ...(postgres.available ? ['postgres' as const] : [])];

const VALID = { name: 'Wanjiru Kamau', email: 'wanjiru@example.com', phone: '0712 345 678', message: 'How do I add a second rider?' };

interface ContactWorld {
  readonly app: ReturnType<typeof createApp>;
  readonly handle: DatabaseHandle;
  readonly clock: FixedClock;
  dispose(): Promise<void>;
}

/** A migrated database of one dialect and the production app factory with the contact route. */
async function openWorld(dialect: SqlDialect, trustProxyHops?: number): Promise<ContactWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-contact-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
  let handle: DatabaseHandle;
  if (dialect === 'sqlite') {
    handle = openSqlite({ file: join(dir, 'escrow.sqlite') });
  } else {
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    handle = openPostgres({ connectionString: postgres.url, schema: schema.schema, poolSize: 2 });
  }
  await handle.migrate();
  cleanups.push(() => handle.close());
  const clock = new FixedClock(new Date('2026-03-02T07:15:00.000Z'));
  const app = createApp({
    checkDatabase: async () => ({ ok: true, dialect }),
    logger: recordingLogger(),
    contact: {
      contacts: createKyselyContactStore(handle.db, dialect),
      clock,
      random: cryptoRandom,
      rateLimiter: createKyselyRateLimiter(handle.db),
      ...(trustProxyHops ? { trustProxyHops } : {}),
    },
  });
  return {
    app,
    handle,
    clock,
    async dispose() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

const post = (world: ContactWorld, body: unknown, headers: Record<string, string> = {}) =>
  world.app.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const storedRows = (world: ContactWorld) => world.handle.db.selectFrom('contact_submissions').selectAll().execute();

describe.each(DIALECTS)('POST /api/contact on %s', (dialect) => {
  let world: ContactWorld;
  beforeEach(async () => {
    world = await openWorld(dialect);
  });
  afterEach(async () => world.dispose());

  it('stores a valid message, trimmed and unresolved, and answers 201 with its id only', async () => {
    const response = await post(world, { name: '  Wanjiru Kamau ', email: ' wanjiru@example.com', phone: '  ', message: ' When do I get paid? ' });

    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { id: string } };
    expect(Object.keys(body.data)).toEqual(['id']);
    const rows = await storedRows(world);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.data.id,
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.com',
      phone: null,
      message: 'When do I get paid?',
      created_at: '2026-03-02T07:15:00.000Z',
      resolved_at: null,
    });
    expect(Boolean(rows[0]?.resolved)).toBe(false);
  });

  it.each([
    ['a blank name', { ...VALID, name: ' ' }, 'Name is required'],
    ['a 101-character name', { ...VALID, name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['an email without @', { ...VALID, email: 'wanjiru-at-example.com' }, 'Invalid email address'],
    ['a 262-character email', { ...VALID, email: `${'e'.repeat(250)}@example.com` }, 'Email must be at most 255 characters'],
    ['a 21-character phone', { ...VALID, phone: '0'.repeat(21) }, 'Phone number must be at most 20 characters'],
    ['an empty message', { ...VALID, message: '' }, 'Message is required'],
    ['a 1001-character message', { ...VALID, message: 'm'.repeat(1001) }, 'Message must be at most 1000 characters'],
    ['several mistakes (the first field wins)', { email: 'bad', message: '' }, 'Name is required'],
    ['null', null, catalogue.validation.common.invalidInput],
    ['a JSON string', '"just a string"', catalogue.validation.common.invalidInput],
  ])('refuses %s with 400 and the first failing message, as the form shows it', async (_case, input, message) => {
    const response = await post(world, input);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
    expect(await storedRows(world)).toEqual([]);
  });

  it('answers malformed JSON and a non-JSON body with 400, never 500', async () => {
    expect((await post(world, '{"name": "Wanjiru",')).status).toBe(400);
    const text = await world.app.request('/api/contact', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(400);
    expect(await storedRows(world)).toEqual([]);
  });

  it('refuses a body over 16 kB with 413 before reading it', async () => {
    const response = await post(world, { ...VALID, message: 'm'.repeat(CONTACT_MAX_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('limits each address to 10 messages an hour, says when to come back, and stores nothing over the limit', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) expect((await post(world, VALID)).status).toBe(201);

    world.clock.advance(10 * 60_000);
    const refused = await post(world, VALID);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: catalogue.contact.tooManyMessages } });
    // The window started at 07:00; at 07:25 it has 35 minutes to run.
    expect(refused.headers.get('retry-after')).toBe(String(35 * 60));
    expect(await storedRows(world)).toHaveLength(CONTACT_RATE_LIMIT.limit);

    world.clock.advance(35 * 60_000);
    expect((await post(world, VALID)).status).toBe(201);
  });

  it('refuses a cross-site POST (another site cannot send messages in a visitor\'s name) and accepts a same-origin one', async () => {
    const forged = await post(world, VALID, { Origin: 'https://attacker.example' });
    expect(forged.status).toBe(403);
    const sameOrigin = await post(world, VALID, { Origin: 'http://localhost' });
    expect(sameOrigin.status).toBe(201);
    expect(await storedRows(world)).toHaveLength(1);
  });

  it('has no other methods', async () => {
    expect((await world.app.request('/api/contact')).status).toBe(404);
  });
});

describe.each(DIALECTS)('the contact limit behind a trusted proxy on %s', (dialect) => {
  it('counts each client address on its own', async () => {
    const world = await openWorld(dialect, 1);
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) await post(world, VALID, from('203.0.113.7'));
      expect((await post(world, VALID, from('203.0.113.7'))).status).toBe(429);
      expect((await post(world, VALID, from('198.51.100.20'))).status).toBe(201);
    } finally {
      await world.dispose();
    }
  });
});

// The production wiring: the composition root mounts the route on the configured database.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function environment(dialect: SqlDialect): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'escrow-contact-api-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent' };
  const schema = await createTestSchema(postgres.url);
  cleanups.push(() => schema.drop());
  const url = new URL(postgres.url);
  url.searchParams.set('options', `-c search_path=${schema.schema}`);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), FRONTEND_DIST: '/nonexistent' };
}

describe.each(DIALECTS)('the composed API on %s', (dialect) => {
  it('stores a contact message in contact_submissions', async () => {
    const composed = await compose(loadConfig(await environment(dialect)), recordingLogger(), { dispatchIntervalMs: 60_000 });
    try {
      const response = await composed.app.request('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(VALID),
      });
      expect(response.status).toBe(201);
      const { data } = (await response.json()) as { data: { id: string } };
      const row = await composed.database.db.selectFrom('contact_submissions').selectAll().where('id', '=', data.id).executeTakeFirst();
      expect(row).toMatchObject({ name: VALID.name, email: VALID.email, phone: VALID.phone, message: VALID.message });
    } finally {
      await composed.close();
    }
  });
});
