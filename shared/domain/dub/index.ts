export * from './script-pairing';
export * from './cell-preflight';
export * from './batch-plan';
export * from './batch-state';
export * from './batch-list';
export * from './batch-templates';
export * from './excluded-cells';
export * from './retry-failed';
