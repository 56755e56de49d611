import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { loadPg } from './pg-type-parsers.js';

/** Distinct SQL texts given a name; Kysely's queries are parameterised, so a few hundred cover the app. */
const DEFAULT_CAPACITY = 1_000;

/** SQLSTATE 0A000 with this message: a `select *` whose table changed shape under a prepared statement. */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

/** pg's messages for a client whose connection is gone or being ended (pg 8.x), and the server's codes for it. */
const CONNECTION_GONE = /is not queryable|^Connection terminated|^Query read timeout/;
const SESSION_ENDED = /^(08...|57P0[12])$/;

function connectionGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return CONNECTION_GONE.test(error.message) || (typeof code === 'string' && SESSION_ENDED.test(code));
}

export interface PreparedPostgresDriverOptions {
  readonly pool: pg.Pool;
  /**
   * Run parameterised statements as named prepared statements (default true). The server then
   * parses and plans a statement once per connection instead of once per execution, and the
   * client sends Bind/Execute only: on this machine that halved PostgreSQL's CPU per statement
   * (docs/decisions/0022). Statements without parameters (BEGIN, COMMIT) use the simple protocol.
   */
  readonly namedStatements?: boolean;
  /** Distinct texts named at most; past it, statements run unnamed. */
  readonly capacity?: number;
}

/**
 * Kysely's driver for PostgreSQL, ours (decision 0058): what Kysely's PostgresDriver does, plus
 * what the app needs of every statement, without changing pg's clients:
 *
 * - named prepared statements (above). A prepared `select *` fails with "cached plan must not
 *   change result type" once its table gains or loses a column (another instance migrated while
 *   this one runs): that connection then moves to fresh names, the failed request is answered
 *   500 (its transaction rolled back; an idempotent retry runs it again), the next one prepares anew;
 * - a query the server never answers (a connection silently gone) fails after pg's
 *   `query_timeout`, and its client is ended, so it is never handed out again mid-transaction;
 * - a ROLLBACK on a connection that is gone (a terminated backend, a network cut) is dropped:
 *   the server dropped the transaction with its session, pg-pool discards such a client on
 *   release, and the error that ended the transaction reaches the caller instead of pg's
 *   "not queryable" (SQLSTATE 57P01, 'Connection terminated unexpectedly' stay in the log).
 */
export class PreparedPostgresDriver implements Driver {
  readonly #pool: pg.Pool;
  readonly #connections = new WeakMap<pg.PoolClient, PreparedPostgresConnection>();
  readonly #names: StatementNames | null;
  #destroyed = false;

  constructor(options: PreparedPostgresDriverOptions) {
    this.#pool = options.pool;
    this.#names = options.namedStatements === false ? null : statementNames(options.capacity ?? DEFAULT_CAPACITY);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect();
    if (this.#destroyed) {
      client.release();
      throw new Error('driver has already been destroyed');
    }
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PreparedPostgresConnection(client, this.#names);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (connectionGone(error)) return;
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PreparedPostgresConnection).release();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    await this.#pool.end();
  }
}

/**
 * What a named statement's rows look like, kept from an execution: pg's fields, one parser per
 * field and the empty row it copies for each row (pg's Result internals).
 */
interface RowShape {
  readonly fields: readonly pg.FieldDef[];
  readonly parsers: unknown;
  readonly emptyRow: unknown;
}

/** The part of pg's Query and Result this driver reaches into (pg 8.x; the driver's tests fail if it moves). */
interface QueryInternals {
  _result: { fields: readonly pg.FieldDef[]; _parsers?: unknown; _prebuiltEmptyResultObject?: unknown; addFields(fields: readonly pg.FieldDef[]): void };
  _accumulateRows: unknown;
  callback?: unknown;
  _checkForMultirow(): void;
  listeners(event: string): unknown[];
}

const sameFields = (a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]) =>
  a.length === b.length && a.every((field, i) => field.name === b[i]?.name && field.dataTypeID === b[i]?.dataTypeID && field.format === b[i]?.format);

type ShapedQueryClass = new (config: pg.QueryConfig, shapes: Map<number, RowShape>, id: number, callback: (error: Error | null, result: pg.QueryResult) => void) => pg.Query;

/**
 * pg's Query for a named statement, whose row description (sent again with every execution) is
 * turned into field parsers once per statement instead of every time: for the order's 70
 * columns pg's addFields costs about 57 us, an eighth of the API's CPU for a buyer read on
 * PostgreSQL. A description that differs from the kept one (a migration) is taken anew.
 */
let shapedQuery: ShapedQueryClass | undefined;
function shapedQueryClass(): ShapedQueryClass {
  if (shapedQuery) return shapedQuery;
  const Query = loadPg().Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: (error: Error | null, result: pg.QueryResult) => void) => pg.Query;
  class ShapedQuery extends Query {
    readonly #shapes: Map<number, RowShape>;
    readonly #id: number;
    constructor(config: pg.QueryConfig, shapes: Map<number, RowShape>, id: number, callback: (error: Error | null, result: pg.QueryResult) => void) {
      super(config, undefined, callback);
      this.#shapes = shapes;
      this.#id = id;
    }

    handleRowDescription(message: { fields: pg.FieldDef[] }): void {
      const self = this as unknown as QueryInternals;
      self._checkForMultirow();
      const result = self._result;
      const known = this.#shapes.get(this.#id);
      if (known && sameFields(known.fields, message.fields)) {
        result.fields = message.fields;
        result._parsers = known.parsers;
        result._prebuiltEmptyResultObject = known.emptyRow;
      } else {
        result.addFields(message.fields);
        this.#shapes.set(this.#id, { fields: message.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject });
      }
      self._accumulateRows = self.callback || !self.listeners('row').length;
    }
  }
  shapedQuery = ShapedQuery as unknown as ShapedQueryClass;
  return shapedQuery;
}

interface StatementNames {
  /** The number of a text, or undefined past the capacity. */
  idOf(text: string): number | undefined;
}

function statementNames(capacity: number): StatementNames {
  const ids = new Map<string, number>();
  return {
    idOf(text) {
      let id = ids.get(text);
      if (id === undefined && ids.size < capacity) {
        id = ids.size + 1;
        ids.set(text, id);
      }
      return id;
    },
  };
}

class PreparedPostgresConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient;
  readonly #names: StatementNames | null;
  /** Row shapes by statement number (per connection: a shape is checked against each description anyway). */
  readonly #shapes = new Map<number, RowShape>();
  /** Bumped when a prepared statement met a changed table: every name is then prepared afresh. */
  #generation = 0;

  constructor(client: pg.PoolClient, names: StatementNames | null) {
    this.#client = client;
    this.#names = names;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const id = parameters.length > 0 ? this.#names?.idOf(sql) : undefined;
    try {
      const { command, rowCount, rows } = id === undefined ? await this.#client.query<R & pg.QueryResultRow>(sql, [...parameters]) : await this.#named<R>(id, sql, parameters);
      const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { ...(changed ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}), rows: rows ?? [] };
    } catch (error) {
      if (error instanceof Error) {
        if (id !== undefined && RESULT_TYPE_CHANGED.test(error.message)) this.#generation += 1;
        if (error.message === 'Query read timeout') void this.#client.end().catch(() => undefined);
      }
      throw error;
    }
  }

  /** A named statement, its rows parsed with the statement's kept shape. */
  #named<R>(id: number, text: string, parameters: readonly unknown[]): Promise<pg.QueryResult<R & pg.QueryResultRow>> {
    const ShapedQuery = shapedQueryClass();
    return new Promise((resolve, reject) => {
      const query = new ShapedQuery({ name: `escrow_${id}_${this.#generation}`, text, values: [...parameters] }, this.#shapes, id, (error, result) =>
        error ? reject(error) : resolve(result as pg.QueryResult<R & pg.QueryResultRow>),
      );
      this.#client.query(query);
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries is not supported: the app reads pages of rows');
  }

  release(): void {
    this.#client.release();
  }
}
