import type { Clock } from '../../ports/clock.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { PasswordHasher, SecretDigest } from '../../ports/accounts-crypto.js';
import type { AccountsStore } from '../../ports/accounts-store.js';
import type { Random } from '../../ports/random.js';

/** The ports the accounts use cases are given by an app's composition root. */
export interface AccountsDeps {
  readonly store: AccountsStore;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  readonly digest: SecretDigest;
  /** Told when a seller record changes (the admin screen is live); optional for the CLI. */
  readonly events?: EventBus;
}
