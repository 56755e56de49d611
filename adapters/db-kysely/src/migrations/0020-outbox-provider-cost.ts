import type { Kysely, Migration } from 'kysely';

/**
 * What a provider said a message cost (issue 16: per-recipient status and cost):
 * `outbox.provider_cost`, Africa's Talking's per-recipient cost as it wrote it ("KES 0.8000"),
 * written with the delivery next to `provider_id`. NULL on rows delivered before, on waiting
 * ones, and for providers that say no cost (SMTP, the console). Text, not a number: the currency
 * comes with it, and the figure is the provider's to state, not ours to round.
 */
export function outboxProviderCostMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('outbox').addColumn('provider_cost', 'text').execute();
    },
  };
}
