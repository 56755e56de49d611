/** The changes GET /api/live/admin announces: orders, sellers, contact messages, the Paybill settings. */
export const ADMIN_LIVE_EVENTS = ['order.changed', 'seller.changed', 'contact.changed', 'payment_config.changed'] as const;

/**
 * A burst of changes (a rider's pickup, then delivery) is re-read once after 400 ms of quiet,
 * a steady stream at least every 2 s; a stream the server refused (signed out, role removed,
 * restarting) is re-read too, which tells which, and opened again 15 s later, for as long
 * as the screen is open.
 */
export const ADMIN_LIVE_TIMING = { quietMs: 400, maxWaitMs: 2_000, reopenAfterMs: 15_000, maxReopens: Number.POSITIVE_INFINITY } as const;
