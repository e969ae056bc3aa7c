export * from './messages';
export * from './errors';
export * from './pharmacies';
