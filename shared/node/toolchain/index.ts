// The one place that turns a tool's name into a program to start (docs/decisions/070-one-toolchain.md).
export * from './tool-catalog';
export * from './resolve';
export * from './default-toolchain';
export * from './run';
export * from './media-input';
export * from './scene-score';
export * from './stage-clock';
