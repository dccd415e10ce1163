export * from './result';
export * from './settings';
export * from './contract';
export * from './bridge';
export * from './ws-protocol';
export * from './stream-frame';
