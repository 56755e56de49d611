import type pg from 'pg';

/** Distinct SQL texts given a name; Kysely's queries are parameterised, so a few hundred cover the app. */
const DEFAULT_CAPACITY = 1_000;

/** SQLSTATE 0A000 with this message: a `select *` whose table changed shape under a prepared statement. */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes every pooled client run parameterised queries as named prepared statements: the
 * server parses and plans a statement once per connection instead of once per execution, and
 * the client sends Bind/Execute only. On this machine that halved PostgreSQL's CPU per
 * statement (docs/decisions/0022). Statements without parameters (BEGIN, COMMIT) stay on the
 * simple protocol.
 *
 * A prepared `select *` fails with "cached plan must not change result type" once its table
 * gains or loses a column (another instance migrated while this one runs). That statement
 * fails as an unnamed one would not, so the client then moves to fresh names for everything:
 * the failed request is answered 500 (its transaction rolled back; an idempotent retry runs it
 * again) and the next one prepares anew.
 */
export function useNamedStatements(pool: pg.Pool, capacity = DEFAULT_CAPACITY): void {
  const ids = new Map<string, number>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    let generation = 0;
    const named = (...args: unknown[]): unknown => {
      const [text, values, callback] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query(...args);
      let id = ids.get(text);
      if (id === undefined) {
        if (ids.size >= capacity) return query(text, values);
        id = ids.size + 1;
        ids.set(text, id);
      }
      const result = query({ name: `escrow_${id}_${generation}`, text, values }) as Promise<unknown>;
      return result.catch((error: unknown) => {
        if (error instanceof Error && RESULT_TYPE_CHANGED.test(error.message)) generation += 1;
        throw error;
      });
    };
    (client as unknown as { query: QueryFn }).query = named;
  });
}
