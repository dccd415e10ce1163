/**
 * After a canceled media job's SIGTERM, how long ffmpeg gets to close its files before SIGKILL
 * (main's media runs pass this as the toolchain's `killGraceMs`; the engine kills at once).
 */
export const KILL_GRACE_MS = 2_000;
