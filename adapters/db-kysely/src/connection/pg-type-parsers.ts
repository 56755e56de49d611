import { createRequire } from 'node:module';
import type pg from 'pg';

/** pg is loaded on first use, so a process on SQLite never loads it (issue 18: cold start). */
let loaded: typeof pg | undefined;
export const loadPg = (): typeof pg => (loaded ??= createRequire(import.meta.url)('pg') as typeof pg);

const INT8_OID = 20;

/**
 * pg returns int8 (BIGINT: money, counts, sequence numbers) as strings, because a JS number
 * cannot hold every int8. Ours are cents and counters far below 2^53, and the core wants
 * numbers, so they are parsed as numbers; anything outside the safe range is an error rather
 * than a silently rounded amount.
 */
export function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return parsed;
}

/** Per-pool parsers (not `pg.types.setTypeParser`, which would change every pg user in the process). */
export const pgTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : loadPg().types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
