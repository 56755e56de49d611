import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from '../store/codec.js';

/**
 * A random secret of this deployment, made once and kept in `server_secrets` under `name`, so
 * every API instance and every restart use the same one (e.g. the key of the buyer's proof
 * cookie). 32 random bytes, base64url. Whoever makes it first wins; the others read theirs.
 * Read first: an API starting on a read-only database (a replica, a full disk) still starts
 * and answers 503 for writes, once the secret exists.
 */
export async function loadServerSecret(db: Kysely<Database>, name: string): Promise<string> {
  const read = () => db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.secret;
  await db
    .insertInto('server_secrets')
    .values({ name, secret: randomBytes(32).toString('base64url'), created_at: encodeTime(new Date()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error(`the server secret ${name} could not be made`);
  return made.secret;
}

/**
 * The secret in the path of this deployment's M-Pesa callback URLs (decision 0042), as the API
 * and the admin CLI name it: hex, since Safaricom refuses URLs holding words like "sql" or "exe".
 */
export async function loadMpesaCallbackSecret(db: Kysely<Database>): Promise<string> {
  return Buffer.from(await loadServerSecret(db, 'mpesa_callback_secret'), 'base64url').toString('hex');
}
