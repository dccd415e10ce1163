/**
 * The one open project every workspace reads and writes (docs/decisions/081-open-project-store.md):
 * the store, the part bindings workspaces register, `project-new` and the project banners.
 */
export * from './open-project-store';
export * from './part-bindings';
export * from './save-before-leaving';
export { NewProjectDialog } from './NewProjectDialog';
export { ProjectBanners } from './ProjectBanners';
export { ProjectBar } from './ProjectBar';
export { useReopenLastProject } from './use-reopen-last-project';
export { useSaveBeforeLeaving } from './use-save-before-leaving';
