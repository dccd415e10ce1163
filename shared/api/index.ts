export * from './task-types';
export * from './languages';
export * from './limits';
export * from './segments';
export * from './errors';
export * from './responses';
export * from './ndjson';
