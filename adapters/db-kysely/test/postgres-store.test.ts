import { describe } from 'vitest';
import { defineStoreContract } from './contract/define-store-contract.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget } from './support/store-harness.js';

const postgres = await postgresForTests('EscrowStore contract');

describe.runIf(postgres.available)('PostgreSQL', () => {
  defineStoreContract(postgresTarget(postgres.url));
});
