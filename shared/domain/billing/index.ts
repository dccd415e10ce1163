export * from './estimate';
export * from './request-units';
