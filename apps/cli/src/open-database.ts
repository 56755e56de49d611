import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '@escrow/db-kysely';
import { CliError, EXIT } from './command.js';

const CLI_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/**
 * The API's database, chosen exactly as the API chooses it (DATABASE_URL, else SQLite under
 * DATA_DIR). A SQLite file that does not exist is refused rather than created: a mistyped
 * DATA_DIR would otherwise give an empty database and a confusing "no such account".
 * Pending migrations are applied, as the API does at start.
 */
export async function openApiDatabase(env: NodeJS.ProcessEnv): Promise<DatabaseHandle> {
  const databaseUrl = env['DATABASE_URL']?.trim() || undefined;
  const dataDir = resolve(env['DATA_DIR']?.trim() || './data');
  if (!databaseUrl) {
    const file = join(dataDir, SQLITE_FILE_NAME);
    if (!existsSync(file)) {
      throw new CliError(`no database at ${file}. Set DATA_DIR to the API's data folder (or DATABASE_URL for PostgreSQL).`, EXIT.failed);
    }
  }
  let handle: DatabaseHandle;
  try {
    // A command may read every order (ledger check, export): statements get minutes, not the API's 30 s.
    handle = openDatabase({ databaseUrl, dataDir, statementTimeoutMs: CLI_STATEMENT_TIMEOUT_MS });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), EXIT.usage);
  }
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw new CliError(`the database cannot be used: ${error instanceof Error ? error.message : String(error)}`, EXIT.failed);
  }
  return handle;
}
