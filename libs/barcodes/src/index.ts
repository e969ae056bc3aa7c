export * from './gs1';
export * from './readings';
