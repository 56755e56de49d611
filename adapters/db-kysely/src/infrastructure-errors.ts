/**
 * Tells a failure of the infrastructure (the database unreachable or refusing writes, the disk
 * full or read-only, the object storage unreachable or failing) from a bug, the same way on both drivers, in one place. The API answers
 * the first with 503 and "try again" (docs/decisions/0036), the second with 500; the CLI says
 * which it was. Errors from PostgreSQL carry a SQLSTATE `code`, better-sqlite3's an extended
 * result code such as 'SQLITE_IOERR_WRITE', Node's sockets and files a system code such as
 * 'ECONNREFUSED'; pg's own connection failures carry only a message.
 */
export interface InfrastructureFailure {
  /** Where it failed: the database, the network on the way to it, or the photos' storage (the disk or the object storage). */
  readonly part: 'database' | 'network' | 'storage';
  /** A few words, safe to show anyone: 'disk full', 'read-only', 'unreachable', ... */
  readonly reason: InfrastructureReason;
  /** What names the real cause in a log: 'SQLITE_FULL', '57P01', 'ECONNREFUSED', or pg's message. */
  readonly cause: string;
}

export type InfrastructureReason = 'disk full' | 'read-only' | 'unreachable' | 'connection lost' | 'shutting down' | 'busy' | 'timed out' | 'out of memory' | 'I/O error';

/** SQLSTATE classes and codes (PostgreSQL appendix A). */
const POSTGRES_CODES: Record<string, InfrastructureReason> = {
  '25006': 'read-only', // read_only_sql_transaction (default_transaction_read_only, a hot standby)
  '25P03': 'timed out', // idle_in_transaction_session_timeout
  '53100': 'disk full', // disk_full
  '53200': 'out of memory', // out_of_memory
  '53300': 'busy', // too_many_connections
  '53400': 'busy', // configuration_limit_exceeded
  '57014': 'timed out', // query_canceled (statement_timeout)
  '57P01': 'connection lost', // admin_shutdown (also pg_terminate_backend)
  '57P02': 'connection lost', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now (starting up, recovering)
  '57P05': 'connection lost', // idle_session_timeout
};
const POSTGRES_CLASSES: Record<string, InfrastructureReason> = {
  '08': 'connection lost', // connection_exception
  '53': 'busy', // insufficient_resources
  '58': 'I/O error', // system_error (io_error, undefined_file, ...)
};

const SYSTEM_CODES: Record<string, { part: InfrastructureFailure['part']; reason: InfrastructureReason }> = {
  ECONNREFUSED: { part: 'network', reason: 'unreachable' },
  ECONNRESET: { part: 'network', reason: 'connection lost' },
  ECONNABORTED: { part: 'network', reason: 'connection lost' },
  EPIPE: { part: 'network', reason: 'connection lost' },
  ETIMEDOUT: { part: 'network', reason: 'timed out' },
  EHOSTUNREACH: { part: 'network', reason: 'unreachable' },
  EHOSTDOWN: { part: 'network', reason: 'unreachable' },
  ENETUNREACH: { part: 'network', reason: 'unreachable' },
  ENETDOWN: { part: 'network', reason: 'unreachable' },
  ENOTFOUND: { part: 'network', reason: 'unreachable' },
  EAI_AGAIN: { part: 'network', reason: 'unreachable' },
  ENOSPC: { part: 'storage', reason: 'disk full' },
  EDQUOT: { part: 'storage', reason: 'disk full' },
  EROFS: { part: 'storage', reason: 'read-only' },
  EIO: { part: 'storage', reason: 'I/O error' },
  EMFILE: { part: 'storage', reason: 'busy' },
  ENFILE: { part: 'storage', reason: 'busy' },
};

/** better-sqlite3's extended codes by prefix: SQLITE_IOERR_WRITE is an SQLITE_IOERR. */
const SQLITE_PREFIXES: readonly (readonly [string, InfrastructureReason])[] = [
  ['SQLITE_FULL', 'disk full'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_IOERR_NOMEM', 'out of memory'],
  ['SQLITE_IOERR', 'I/O error'],
  ['SQLITE_BUSY', 'busy'], // after busy_timeout: another process held the write lock too long
  ['SQLITE_CANTOPEN', 'unreachable'],
  ['SQLITE_NOMEM', 'out of memory'],
];

/** pg's connection failures have no code, only these messages (pg, pg-pool 8.x/3.x). */
const PG_MESSAGES: readonly (readonly [RegExp, InfrastructureReason])[] = [
  [/^Connection terminated due to connection timeout/, 'timed out'],
  [/^timeout exceeded when trying to connect/, 'timed out'],
  [/^Query read timeout/, 'timed out'],
  [/^Connection terminated/, 'connection lost'],
  [/is not queryable/, 'connection lost'],
  [/^Cannot use a pool after calling end on the pool/, 'shutting down'],
];

const PARTS: ReadonlySet<string> = new Set<InfrastructureFailure['part']>(['database', 'network', 'storage']);
const REASONS: ReadonlySet<string> = new Set<InfrastructureReason>(['disk full', 'read-only', 'unreachable', 'connection lost', 'shutting down', 'busy', 'timed out', 'out of memory', 'I/O error']);

/**
 * An error of another adapter that knows it is an infrastructure failure says so itself: an
 * `infrastructureFailure` property of this module's shape (the object storage's
 * ObjectStorageError of @escrow/storage-s3 for an unreachable or failing bucket), so this module
 * needs to know no adapter but its own.
 */
function markedFailure(error: object): InfrastructureFailure | undefined {
  const marked = (error as { infrastructureFailure?: unknown }).infrastructureFailure;
  if (typeof marked !== 'object' || marked === null) return undefined;
  const { part, reason, cause } = marked as { part?: unknown; reason?: unknown; cause?: unknown };
  if (typeof part !== 'string' || !PARTS.has(part) || typeof reason !== 'string' || !REASONS.has(reason) || typeof cause !== 'string') return undefined;
  return { part: part as InfrastructureFailure['part'], reason: reason as InfrastructureReason, cause };
}

function classifyOne(error: unknown): InfrastructureFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const marked = markedFailure(error);
  if (marked) return marked;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const system = SYSTEM_CODES[code];
    if (system) return { ...system, cause: code };
    if (code.startsWith('SQLITE_')) {
      const match = SQLITE_PREFIXES.find(([prefix]) => code.startsWith(prefix));
      return match ? { part: 'database', reason: match[1], cause: code } : undefined;
    }
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const reason = POSTGRES_CODES[code] ?? POSTGRES_CLASSES[code.slice(0, 2)];
      return reason ? { part: 'database', reason, cause: code } : undefined;
    }
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') {
    const match = PG_MESSAGES.find(([pattern]) => pattern.test(message));
    if (match) return { part: 'database', reason: match[1], cause: message };
  }
  return undefined;
}

/**
 * The infrastructure failure behind `error`, or undefined for any other error (a bug, a
 * constraint, a serialization conflict). Follows `cause` chains and AggregateErrors (a
 * connection to 'localhost' tries ::1 and 127.0.0.1 and fails with both).
 */
export function infrastructureFailure(error: unknown): InfrastructureFailure | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const next = queue.shift();
    if (seen.has(next)) continue;
    seen.add(next);
    const found = classifyOne(next);
    if (found) return found;
    if (typeof next === 'object' && next !== null) {
      const { cause, errors } = next as { cause?: unknown; errors?: unknown };
      if (cause !== undefined) queue.push(cause);
      if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
    }
  }
  return undefined;
}

export const isInfrastructureError = (error: unknown): boolean => infrastructureFailure(error) !== undefined;
