import { z } from 'zod';

/** Persisted app settings (versioned; migrations live in main). */
export const engineChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local') }),
  z.object({ kind: z.literal('custom'), baseUrl: z.string() }),
]);
export type EngineChoice = z.infer<typeof engineChoiceSchema>;

/**
 * Paths the user set for external tools (tool name -> absolute path), checked by main with the
 * tool's own identify output before they are kept; passed to the engine in its environment.
 */
export const toolPathsSchema = z.record(z.string().min(1).max(64), z.string().min(1).max(4096));
export type ToolPaths = z.infer<typeof toolPathsSchema>;

export const settingsSchema = z.object({
  version: z.literal(2),
  engine: engineChoiceSchema,
  /** Folder where results and takes are written. */
  projectFolder: z.string(),
  /** Jobs running at once; the account's concurrency_limit caps it further. */
  maxConcurrentJobs: z.number().int().min(1).max(10),
  toolPaths: toolPathsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What the renderer may change. The project folder is not here: it decides which files the
 * renderer can reach, so it changes only through main's folder chooser (settings:chooseProjectFolder).
 */
export const settingsPatchSchema = z.object({
  engine: engineChoiceSchema.optional(),
  maxConcurrentJobs: z.number().int().min(1).max(10).optional(),
});

/** What main itself may write: the renderer's patch plus a project folder main has checked. */
export const storedSettingsPatchSchema = settingsPatchSchema.extend({
  projectFolder: z.string().min(1).optional(),
  /** Only through tools:setPath, after main identified the file as that tool. */
  toolPaths: toolPathsSchema.optional(),
});
export type SettingsPatch = z.infer<typeof storedSettingsPatchSchema>;

/** What the renderer may know about the key: never the key itself. */
export const keyStatusSchema = z.object({
  configured: z.boolean(),
  last4: z.string().optional(),
  verifiedAt: z.number().optional(),
  /** The origin (scheme://host:port) the key was verified for; it is sent nowhere else. */
  origin: z.string().optional(),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

export const engineStatusSchema = z.object({
  kind: z.enum(['local', 'custom']),
  baseUrl: z.string().optional(),
  state: z.enum(['starting', 'running', 'stopped', 'crashed', 'remote']),
  message: z.string().optional(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;
