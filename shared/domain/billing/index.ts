export * from './estimate';
export * from './request-units';
export * from './job-units';
