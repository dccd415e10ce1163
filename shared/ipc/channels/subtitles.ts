/** IPC request channels of the Subtitles domain (composed into requestChannels in ../contract). */
export const subtitlesChannels = {} as const;

/** Pushes of the Subtitles domain (composed into eventChannels in ../contract). */
export const subtitlesEvents = {} as const;
