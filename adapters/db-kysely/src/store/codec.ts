import type { Cents } from '@escrow/core';
import type { DbBool, Timestamp } from '../schema/column-types.js';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * Conversions between core values and column values (see schema/column-types.ts for the
 * choices). Decoders refuse what the schema should have made impossible, so a corrupted row
 * fails loudly instead of turning into a wrong amount or a wrong date.
 */
export interface Codec {
  readonly dialect: SqlDialect;
  bool(value: boolean): DbBool;
}

export function codecFor(dialect: SqlDialect): Codec {
  return {
    dialect,
    // better-sqlite3 refuses to bind JS booleans; SQLite columns hold 0/1.
    bool: dialect === 'sqlite' ? (value) => (value ? 1 : 0) : (value) => value,
  };
}

export function encodeTime(value: Date): Timestamp {
  // toISOString throws a RangeError on an invalid Date, which is what we want.
  return value.toISOString();
}

export function encodeTimeOrNull(value: Date | null): Timestamp | null {
  return value === null ? null : encodeTime(value);
}

export function decodeTime(value: Timestamp): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${JSON.stringify(value)}`);
  return date;
}

export function decodeTimeOrNull(value: Timestamp | null): Date | null {
  return value === null ? null : decodeTime(value);
}

export function decodeBool(value: DbBool): boolean {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  throw new Error(`not a boolean column value: ${JSON.stringify(value)}`);
}

export function decodeInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${JSON.stringify(value)}`);
  return value;
}

export function decodeCents(value: number): Cents {
  if (decodeInteger(value) < 0) throw new Error(`negative cents: ${value}`);
  return value as Cents;
}

export function decodeCentsOrNull(value: number | null): Cents | null {
  return value === null ? null : decodeCents(value);
}

export function encodeJson(value: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(value);
}

export function decodeJsonObject(value: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(value);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('stored JSON is not an object');
  return parsed as Record<string, unknown>;
}
