// `@escrow/db-kysely/testing` (test code only, through the @escrow/source condition): fresh
// migrated databases of either dialect for other packages' tests (the API's, the admin CLI's),
// and rows planted directly where a test needs a state no request makes.
export { databaseForProcesses, harnessPerTest, postgresTarget, sqliteTarget, type HarnessOptions, type ProcessDatabase, type StoreHarness, type StoreTarget } from './store-harness.js';
export { seedSeller } from './fixtures.js';
