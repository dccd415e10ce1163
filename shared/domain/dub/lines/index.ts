export * from './line-window';
export * from './pcm-splice';
export * from './follow-clock';
export * from './aac-splice-plan';
export * from './spoken-lines';
