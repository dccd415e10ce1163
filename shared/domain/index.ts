export * from './jobs/job';
