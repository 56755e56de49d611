import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';

/** A parameter value no caller can send: it marks where a named parameter sits in the compiled SQL's parameter list. */
const MARK = '\u0000precompiled:';

interface Template {
  readonly compiled: CompiledQuery;
  /** Per position of `compiled.parameters`: the name of the parameter there, or null for a constant of the query. */
  readonly slots: readonly (string | null)[];
}

export interface PrecompiledQuery<Row, Name extends string> {
  /** Runs the query on `db` (the pool or a transaction) with these parameter values. */
  execute(db: Kysely<Database>, dialect: SqlDialect, values: Readonly<Record<Name, unknown>>): Promise<Row[]>;
}

/**
 * A hot query built with Kysely's typed builder once per dialect and then run many times with
 * new parameter values, without building and compiling it again. Building and compiling a
 * select of the order's 40 columns was about a fifth of the API's CPU for the buyer's order
 * read (docs/decisions/0022). `build` receives a marker for each named parameter and must use
 * each one as a plain value (a where-clause operand): the marker is then a bound parameter of
 * the compiled query, found by its value and replaced at each run. The SQL text is the same
 * for every run, so SQLite's statement cache and PostgreSQL's named statements still apply.
 */
export function precompiled<Row, const Name extends string>(names: readonly Name[], build: (db: Kysely<Database>, params: Readonly<Record<Name, string>>) => Compilable<Row>): PrecompiledQuery<Row, Name> {
  const templates = new Map<SqlDialect, Template>();
  const templateFor = (db: Kysely<Database>, dialect: SqlDialect): Template => {
    const known = templates.get(dialect);
    if (known) return known;
    const marks = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as Record<Name, string>;
    const compiled = build(db, marks).compile();
    const slots = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null));
    for (const name of names) {
      if (!slots.includes(name)) throw new Error(`precompiled: parameter "${name}" is not a bound value of the query`);
    }
    const template = { compiled, slots };
    templates.set(dialect, template);
    return template;
  };
  return {
    async execute(db, dialect, values) {
      const { compiled, slots } = templateFor(db, dialect);
      const parameters = compiled.parameters.map((constant, i) => {
        const name = slots[i];
        return name === null || name === undefined ? constant : values[name as Name];
      });
      const result = await db.executeQuery<Row>({ ...compiled, parameters });
      return result.rows;
    },
  };
}
