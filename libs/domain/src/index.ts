export * from './shared/decider';
export * from './shared/errors';
export * from './shared/event-catalogue';
export * from './pharmacies/pharmacy';
