import { Migrator, sql, type Kysely } from 'kysely';
import { infrastructureFailure, type InfrastructureReason } from '../infrastructure-errors.js';
import { escrowMigrationProvider } from '../migrations/escrow-migrations.js';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';

export interface HealthCheck {
  readonly ok: boolean;
  /** A few words safe to show a caller ('unreachable', 'disk full', 'pending migrations', 'failed'); set when not ok. */
  readonly reason?: InfrastructureReason | 'pending migrations' | 'failed';
  /** The full cause, for the log only. */
  readonly detail?: string;
}

/** A write probe's answer is reused this long: a flood of health checks is not a flood of writes. */
export const WRITE_PROBE_CACHE_MS = 2_000;

/** An open database: the Kysely instance plus what an app needs around it. */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: SqlDialect;
  /** Applies every pending migration; throws (naming the failed step) if one fails. */
  migrate(): Promise<void>;
  /** Reachable and fully migrated? For readiness probes; never throws. */
  check(): Promise<HealthCheck>;
  /**
   * Can a write commit now? A real write (the `health_probe` table, migration 0010), cached
   * for WRITE_PROBE_CACHE_MS; fails on a full disk, a read-only database or file, an
   * unreachable server. For readiness probes; never throws.
   */
  checkWrites(): Promise<HealthCheck>;
  /**
   * The namespace this handle's tables live in: the PostgreSQL schema (from the search_path),
   * or 'main' for SQLite. Two deployments on one PostgreSQL database in different schemas tell
   * their live events apart by it.
   */
  namespace(): Promise<string>;
  /** PostgreSQL: the pool's connections now (for metrics); absent on SQLite, whose one connection is never waited for. */
  poolUse?(): PoolUse;
  /** Closes the connection or pool; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** A connection pool's state: its ceiling, the connections open, those idle, and the requests waiting for one. */
export interface PoolUse {
  readonly max: number;
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    options: { cause: unknown },
  ) {
    super(`database migration ${migrationName ?? '(setup)'} failed: ${describe(options.cause)}`, options);
    this.name = 'MigrationFailedError';
  }
}

/**
 * `migrationSchema` resolves the schema the migration bookkeeping tables live in (PostgreSQL
 * only). It must be explicit: Kysely otherwise looks for `kysely_migration` in every schema,
 * and one migrated schema would convince it that another one was migrated too.
 */
export function createHandle(args: {
  db: Kysely<Database>;
  dialect: SqlDialect;
  migrationSchema?: () => Promise<string>;
  /** A connection of their own for migrations (destroyed after); default `db`. */
  migrationDb?: () => Kysely<Database>;
  close: () => Promise<void>;
  /** The pool's connections now (PostgreSQL). */
  poolUse?: () => PoolUse;
  /** Clock for the write probe's cache (tests). */
  now?: () => number;
}): DatabaseHandle {
  const { db, dialect } = args;
  const now = args.now ?? Date.now;
  let probe: { at: number; result: Promise<HealthCheck> } | undefined;
  const migrator = async (on: Kysely<Database> = db): Promise<Migrator> =>
    new Migrator({
      db: on,
      provider: escrowMigrationProvider(dialect),
      // A database migrated with 0014 must still take 0012 and 0013 when they arrive (escrow-migrations.ts).
      allowUnorderedMigrations: true,
      ...(args.migrationSchema ? { migrationTableSchema: await args.migrationSchema() } : {}),
    });
  let closed = false;
  return {
    db,
    dialect,
    ...(args.poolUse ? { poolUse: args.poolUse } : {}),
    async migrate() {
      const on = args.migrationDb?.() ?? db;
      try {
        const { error, results } = await (await migrator(on)).migrateToLatest();
        if (error !== undefined) {
          const failed = results?.find((r) => r.status === 'Error')?.migrationName;
          throw new MigrationFailedError(failed, { cause: error });
        }
      } finally {
        if (on !== db) await on.destroy();
      }
    },
    async check() {
      try {
        await sql`select 1`.execute(db);
        const pending = (await (await migrator()).getMigrations()).filter((m) => m.executedAt === undefined);
        if (pending.length > 0) return { ok: false, reason: 'pending migrations', detail: `pending migrations: ${pending.map((m) => m.name).join(', ')}` };
        return { ok: true };
      } catch (error) {
        return failedCheck(error);
      }
    },
    async namespace() {
      return args.migrationSchema ? args.migrationSchema() : 'main';
    },
    checkWrites() {
      const at = now();
      if (probe && at - probe.at < WRITE_PROBE_CACHE_MS) return probe.result;
      const result = writeProbe(db, dialect).then(
        (): HealthCheck => ({ ok: true }),
        (error: unknown) => failedCheck(error),
      );
      probe = { at, result };
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await args.close();
    },
  };
}

function failedCheck(error: unknown): HealthCheck {
  const failure = infrastructureFailure(error);
  const code = (error as { code?: unknown } | null)?.code;
  return { ok: false, reason: failure?.reason ?? 'failed', detail: `${typeof code === 'string' ? `${code}: ` : ''}${describe(error)}` };
}

/**
 * One committed write of one small row, as every request's change ends: refused by a read-only
 * database (SQLITE_READONLY, SQLSTATE 25006), a read-only or full file system on the commit,
 * an unreachable server. On SQLite it also tries, and undoes, a write that needs a new page
 * (a page-sized row): when the file cannot grow (SQLITE_FULL), the orders cannot either.
 */
async function writeProbe(db: Kysely<Database>, dialect: SqlDialect): Promise<void> {
  const checkedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite') {
      const pageSize = Number((await sql<{ page_size: number }>`pragma page_size`.execute(trx)).rows[0]?.page_size ?? 4096);
      await sql`savepoint health_growth`.execute(trx);
      await sql`insert into health_probe (id, checked_at, pad) values ('growth', ${checkedAt}, zeroblob(${pageSize}))`.execute(trx);
      await sql`rollback to health_growth`.execute(trx);
      await sql`release health_growth`.execute(trx);
    }
    await trx
      .insertInto('health_probe')
      .values({ id: 'writes', checked_at: checkedAt, pad: null })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: checkedAt }))
      .execute();
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
