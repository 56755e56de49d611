import { Migrator, sql, type Kysely } from 'kysely';
import { escrowMigrationProvider } from '../migrations/escrow-migrations.js';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';

export interface HealthCheck {
  readonly ok: boolean;
  readonly detail?: string;
}

/** An open database: the Kysely instance plus what an app needs around it. */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: SqlDialect;
  /** Applies every pending migration; throws (naming the failed step) if one fails. */
  migrate(): Promise<void>;
  /** Reachable and fully migrated? For readiness probes; never throws. */
  check(): Promise<HealthCheck>;
  /** Closes the connection or pool; the handle is unusable afterwards. */
  close(): Promise<void>;
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
  close: () => Promise<void>;
}): DatabaseHandle {
  const { db, dialect } = args;
  const migrator = async (): Promise<Migrator> =>
    new Migrator({
      db,
      provider: escrowMigrationProvider(dialect),
      ...(args.migrationSchema ? { migrationTableSchema: await args.migrationSchema() } : {}),
    });
  let closed = false;
  return {
    db,
    dialect,
    async migrate() {
      const { error, results } = await (await migrator()).migrateToLatest();
      if (error !== undefined) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new MigrationFailedError(failed, { cause: error });
      }
    },
    async check() {
      try {
        await sql`select 1`.execute(db);
        const pending = (await (await migrator()).getMigrations()).filter((m) => m.executedAt === undefined);
        if (pending.length > 0) return { ok: false, detail: `pending migrations: ${pending.map((m) => m.name).join(', ')}` };
        return { ok: true };
      } catch (error) {
        return { ok: false, detail: describe(error) };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await args.close();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
