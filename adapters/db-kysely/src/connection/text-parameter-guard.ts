import { refuseUnstorableParameters } from '@escrow/core';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * The last line against text no column can hold (a NUL, half a surrogate pair): every
 * statement Kysely runs, on either dialect, has its parameters checked before it reaches the
 * driver, and one holding such text fails with core's UnstorableTextError, which the API
 * answers 400. The schemas and use cases refuse such text field by field with the field's own
 * message first; this only catches a path they missed. Without it PostgreSQL fails the
 * statement ("invalid byte sequence for encoding UTF8: 0x00", a 500) and both drivers write a
 * lone surrogate as U+FFFD, so the stored text would silently differ from what was sent.
 *
 * It wraps the dialect's driver: connections are wrapped once (cached) and unwrapped again for
 * the driver's own calls (transactions, release).
 */
export function guardTextParameters(driver: Driver): Driver {
  const guarded = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const original = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    let wrapped = guarded.get(connection);
    if (!wrapped) {
      wrapped = {
        executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          try {
            refuseUnstorableParameters(query.parameters);
          } catch (error) {
            return Promise.reject(error instanceof Error ? error : new Error(String(error)));
          }
          return connection.executeQuery<R>(query);
        },
        streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
          refuseUnstorableParameters(query.parameters);
          return connection.streamQuery<R>(query, chunkSize);
        },
      };
      guarded.set(connection, wrapped);
      original.set(wrapped, connection);
    }
    return wrapped;
  };
  const unwrap = (connection: DatabaseConnection): DatabaseConnection => original.get(connection) ?? connection;
  const guardedDriver: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) => driver.beginTransaction(unwrap(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(unwrap(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(unwrap(connection)),
    releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) guardedDriver.savepoint = (connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile);
  if (driver.rollbackToSavepoint) guardedDriver.rollbackToSavepoint = (connection, name, compile) => driver.rollbackToSavepoint!(unwrap(connection), name, compile);
  if (driver.releaseSavepoint) guardedDriver.releaseSavepoint = (connection, name, compile) => driver.releaseSavepoint!(unwrap(connection), name, compile);
  return guardedDriver;
}
