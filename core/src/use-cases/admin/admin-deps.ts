import type { Clock } from '../../ports/clock.js';
import type { AdminQueries } from '../../ports/admin-queries.js';
import type { AdminStore } from '../../ports/admin-store.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { Random } from '../../ports/random.js';

/** The ports of the admin area's own use cases (orders keep going through `EscrowDeps`). */
export interface AdminDeps {
  readonly adminQueries: AdminQueries;
  readonly adminStore: AdminStore;
  readonly clock: Clock;
  readonly random: Random;
  /** Told about committed changes (the admin screen's live stream); optional for the CLI. */
  readonly events?: EventBus;
}
