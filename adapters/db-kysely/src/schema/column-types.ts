import type { ColumnType, Generated } from 'kysely';

/**
 * Column representations shared by SQLite and PostgreSQL, chosen so that a value written on
 * one dialect reads back identically on the other:
 *
 * - Timestamps are ISO-8601 UTC text with milliseconds and a 'Z' (`Date#toISOString()`, always
 *   24 characters). It round-trips a JS `Date` exactly, sorts chronologically as plain text on
 *   both databases, is readable in a SQL console, and never meets a session time zone
 *   (PostgreSQL `timestamptz` would, and SQLite has no timestamp type at all). A CHECK on the
 *   length keeps other writers from storing a shape that would sort wrongly.
 * - Money is integer cents in BIGINT (SQLite INTEGER affinity); the pg driver is told to parse
 *   int8 as a JS number (connection/pg-type-parsers.ts), guarded to the safe-integer range.
 * - Booleans are BOOLEAN on PostgreSQL and INTEGER 0/1 (with a CHECK) on SQLite, which has no
 *   boolean type and whose driver refuses to bind JS booleans: rows read back as `boolean`
 *   or `0 | 1`, and store/codec.ts turns them into `boolean`.
 * - JSON is stored as text (JSON.stringify), not jsonb: the store only ever reads it whole.
 */
export type Timestamp = string;
export type DbBool = boolean | number;
export type Cents = number;
export type JsonText = string;
/** Insertion order, where `created_at` ties (several rows in one transaction) must not be. */
export type Seq = Generated<number>;
/**
 * A recipient's language (migration 0022): 'en' or 'sw' (a CHECK refuses anything else), NOT
 * NULL with 'en' as the default, so inserts may leave it out.
 */
export type LocaleColumn = ColumnType<'en' | 'sw', 'en' | 'sw' | undefined, 'en' | 'sw'>;
