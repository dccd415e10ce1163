import { settingsSchema, type Settings } from '../../../../shared/ipc/settings';

/**
 * Settings files carry a `version`. Each migration lifts a file one version up; `migrate` runs
 * them in order and validates the result, falling back to defaults field by field rather
 * than losing the whole file to one bad value.
 */
export const CURRENT_SETTINGS_VERSION = 2;

type RawSettings = Record<string, unknown>;

/**
 * v0 was the prototype's unversioned file: `{ useLocalEngine, baseUrl, projectDir, concurrency }`.
 * v1 groups the engine choice (`engine: { kind: 'local' } | { kind: 'custom', baseUrl }`),
 * renames the folder and the cap, and adds `version`.
 */
function v0ToV1(raw: RawSettings): RawSettings {
  const baseUrl = typeof raw.baseUrl === 'string' ? raw.baseUrl.trim() : '';
  const useLocal = raw.useLocalEngine !== false || baseUrl === '';
  return {
    version: 1,
    engine: useLocal ? { kind: 'local' } : { kind: 'custom', baseUrl },
    projectFolder: raw.projectDir,
    maxConcurrentJobs: raw.concurrency,
  };
}

/** v2 adds the user's tool paths (none set: every tool is the bundled or the system copy). */
function v1ToV2(raw: RawSettings): RawSettings {
  return { ...raw, version: 2, toolPaths: {} };
}

const MIGRATIONS: Record<number, (raw: RawSettings) => RawSettings> = { 0: v0ToV1, 1: v1ToV2 };

export interface MigrationOutcome {
  settings: Settings;
  /** True when the file on disk should be rewritten (migrated or repaired). */
  changed: boolean;
  /** Fields that were invalid and replaced by defaults. */
  repaired: string[];
}

export function migrateSettings(input: unknown, defaults: Settings): MigrationOutcome {
  let raw: RawSettings =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? { ...(input as RawSettings) }
      : {};
  let version = typeof raw.version === 'number' ? raw.version : 0;
  const startVersion = version;
  if (version > CURRENT_SETTINGS_VERSION) {
    // A newer app wrote this file; read what this version understands, keep the file as is.
    version = CURRENT_SETTINGS_VERSION;
    raw = { ...raw, version };
  }
  while (version < CURRENT_SETTINGS_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) break;
    raw = step(raw);
    version += 1;
  }

  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return { settings: whole.data, changed: startVersion < version, repaired: [] };

  const repaired: string[] = [];
  const merged: RawSettings = { ...defaults, version: CURRENT_SETTINGS_VERSION };
  for (const key of ['engine', 'projectFolder', 'maxConcurrentJobs', 'toolPaths'] as const) {
    const field = settingsSchema.shape[key].safeParse(raw[key]);
    if (field.success) merged[key] = field.data;
    else if (raw[key] !== undefined) repaired.push(key);
  }
  return { settings: settingsSchema.parse(merged), changed: true, repaired };
}
