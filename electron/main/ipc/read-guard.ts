/**
 * What the media and project handlers need of main's file access: the real path of a file the
 * renderer may read, or null when it is outside the allowed folders or missing.
 */
export interface ReadGuard {
  allow(requested: string): Promise<string | null>;
}
