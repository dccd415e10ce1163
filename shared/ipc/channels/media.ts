/** IPC request channels of the Media domain (composed into requestChannels in ../contract). */
export const mediaChannels = {} as const;

/** Pushes of the Media domain (composed into eventChannels in ../contract). */
export const mediaEvents = {} as const;
