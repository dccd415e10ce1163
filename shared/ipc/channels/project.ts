/** IPC request channels of the Project domain (composed into requestChannels in ../contract). */
export const projectChannels = {} as const;

/** Pushes of the Project domain (composed into eventChannels in ../contract). */
export const projectEvents = {} as const;
