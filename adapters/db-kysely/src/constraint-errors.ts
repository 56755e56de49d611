/**
 * Classifies database errors the same way on both drivers, for callers that turn a refused
 * write into an answer (an email already registered) and for tests that must tell a refused
 * write from a broken query. PostgreSQL errors carry a SQLSTATE `code`; better-sqlite3 errors
 * carry an extended result code such as 'SQLITE_CONSTRAINT_UNIQUE'.
 */
export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null' | 'append_only';

const POSTGRES: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
  '23502': 'not_null',
};

const SQLITE: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

/** The kind of constraint a database error reports, or undefined for any other error. */
export function constraintViolation(error: unknown): ConstraintKind | undefined {
  if (!(error instanceof Error)) return undefined;
  // The ledger triggers (migrations/0003-ledger.ts) raise this text on both databases.
  if (error.message.includes('ledger is append-only')) return 'append_only';
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  return POSTGRES[code] ?? SQLITE[code];
}

export const isUniqueViolation = (error: unknown): boolean => constraintViolation(error) === 'unique';
