/** Dependency-injection tokens for the objects the runtime builds before Nest starts. */
export const EVENT_STORE = Symbol('EventStore');
export const READ_DB = Symbol('ReadDb');
export const APP_CONFIG = Symbol('AppConfig');
export const PROJECTION_WAITER = Symbol('ProjectionWaiter');
export const LOGGER = Symbol('Logger');
export const DATABASE_URL = Symbol('DatabaseUrl');
export const METRICS = Symbol('Metrics');
export const IDENTITY_CACHE = Symbol('IdentityCache');
