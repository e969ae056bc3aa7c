export * from './gs1';
