/** IPC request channels of the Dub domain (composed into requestChannels in ../contract). */
export const dubChannels = {} as const;

/** Pushes of the Dub domain (composed into eventChannels in ../contract). */
export const dubEvents = {} as const;
