export * from './line-window';
export * from './pcm-splice';
