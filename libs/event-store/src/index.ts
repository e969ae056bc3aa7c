export * from './port';
export * from './errors';
export { runSubscription } from './subscription';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { migrateEventStore, eventStoreMigrations } from './postgres/schema';
export { EventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb/eventstoredb-event-store';
export { nameBasedUuid } from './ids';
