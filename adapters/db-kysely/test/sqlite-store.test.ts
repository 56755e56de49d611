import { defineStoreContract } from './contract/define-store-contract.js';
import { sqliteTarget } from './support/store-harness.js';

defineStoreContract(sqliteTarget);
