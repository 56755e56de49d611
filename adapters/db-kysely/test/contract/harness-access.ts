import type { StoreHarness } from '../support/store-harness.js';

/** Gives each test a fresh database; `harness()` is only valid inside a test. */
export type HarnessAccess = () => StoreHarness;
