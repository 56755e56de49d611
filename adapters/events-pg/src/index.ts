export { EVENTS_CHANNEL, eventsChannelFor, OUTBOX_CHANNEL, outboxChannelFor, MAX_NOTIFY_PAYLOAD_BYTES, PostgresEventBus, parseEvent, type PostgresEventBusOptions } from './postgres-event-bus.js';
