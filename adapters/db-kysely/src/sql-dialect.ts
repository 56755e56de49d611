/** The two databases the adapter speaks; SQLite is the embedded default. */
export type SqlDialect = 'sqlite' | 'postgres';
