export * from './messages';
export * from './errors';
export * from './pharmacies';
export * from './auth';
export * from './settings';
export * from './catalogue';
export * from './fields';
export * from './sales';
