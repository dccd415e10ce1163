export * from './jobs/job';
export * from './billing';
