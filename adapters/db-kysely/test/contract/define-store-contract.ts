import { afterEach, beforeEach, describe } from 'vitest';
import type { StoreHarness, StoreTarget } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';
import { idempotencyContract } from './idempotency-contract.js';
import { ledgerContract } from './ledger-contract.js';
import { moneyOutReferencesContract } from './money-out-references-contract.js';
import { mpesaPaymentsContract } from './mpesa-payments-contract.js';
import { orderListsContract } from './order-lists-contract.js';
import { ordersContract } from './orders-contract.js';
import { outboxContract } from './outbox-contract.js';
import { peopleAndAuditContract } from './people-and-audit-contract.js';
import { recordsContract } from './records-contract.js';
import { smsDeliveryReportsContract } from './sms-delivery-reports-contract.js';
import { statusQueriesContract } from './status-queries-contract.js';
import { riderPhonesContract } from './rider-phones-contract.js';
import { transactionsContract } from './transactions-contract.js';
import { unstorableTextContract } from './unstorable-text-contract.js';

/**
 * The EscrowStore contract, written once and run unchanged against every dialect. Each test
 * gets its own freshly migrated database (a temp SQLite file, or a new PostgreSQL schema).
 */
export function defineStoreContract(target: StoreTarget): void {
  describe(`EscrowStore contract on ${target.name}`, () => {
    let current: StoreHarness | undefined;
    beforeEach(async () => {
      current = await target.open();
    });
    afterEach(async () => {
      await current?.dispose();
      current = undefined;
    });
    const harness: HarnessAccess = () => {
      if (!current) throw new Error('harness() used outside a test');
      return current;
    };

    describe('orders', () => ordersContract(harness));
    describe('order lists', () => orderListsContract(harness));
    describe('receipts, feedback, refunds', () => recordsContract(harness));
    describe('riders, sellers, audit trail', () => peopleAndAuditContract(harness));
    describe('ledger', () => ledgerContract(harness));
    describe('M-Pesa payments (STK requests, Paybill payments)', () => mpesaPaymentsContract(harness));
    describe('Transaction Status queries about claims', () => statusQueriesContract(harness));
    describe('outbox', () => outboxContract(harness));
    describe('SMS delivery reports', () => smsDeliveryReportsContract(harness));
    describe('transactions', () => transactionsContract(harness));
    describe('Idempotency-Keys written with the change', () => idempotencyContract(harness));
    describe('text no column can hold', () => unstorableTextContract(harness));
    describe("riders' phone codes and proofs", () => riderPhonesContract(harness));
    describe('references of money going out', () => moneyOutReferencesContract(harness));
  });
}
