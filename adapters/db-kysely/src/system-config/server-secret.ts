import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from '../store/codec.js';

/**
 * A random secret of this deployment, made once and kept in `system_config` under `name`, so
 * every API instance and every restart use the same one (e.g. the key of the buyer's proof
 * cookie). 32 random bytes, base64url. Whoever makes it first wins; the others read theirs.
 */
export async function loadServerSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto('system_config')
    .values({ config_key: name, config_value: randomBytes(32).toString('base64url'), updated_by: null, updated_at: encodeTime(new Date()) })
    .onConflict((oc) => oc.column('config_key').doNothing())
    .execute();
  const row = await db.selectFrom('system_config').select('config_value').where('config_key', '=', name).executeTakeFirstOrThrow();
  return row.config_value;
}
