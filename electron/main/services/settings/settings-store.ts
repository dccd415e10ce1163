import { rmSync } from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  storedSettingsPatchSchema,
  type EngineChoice,
  type Settings,
  type SettingsPatch,
} from '../../../../shared/ipc/settings';
import { isLoopbackHost, normalizeBaseUrl } from '../api-client/base-url';
import { CURRENT_SETTINGS_VERSION, migrateSettings } from './migrations';
import {
  openConfSettings,
  type OpenSettingsDocument,
  type SettingsDocument,
} from './settings-document';

/**
 * App settings as one versioned JSON file (mode 0600, atomic writes), kept by conf in Electron
 * and browser mode alike (the opener is injected for tests). The zod
 * schema in shared/ipc/settings.ts and the numbered migrations here decide what is valid.
 */
export const SETTINGS_FILE = 'settings.json';

export interface SettingsStoreOptions {
  /** Folder of settings.json (the user data folder). */
  dir: string;
  /** Default project folder, e.g. `<home>/Soundstage`. */
  defaultProjectFolder: string;
  /** conf by default. */
  open?: OpenSettingsDocument;
  log?: (line: string) => void;
}

export function defaultSettings(projectFolder: string): Settings {
  return {
    version: CURRENT_SETTINGS_VERSION,
    engine: { kind: 'local' },
    projectFolder,
    maxConcurrentJobs: 2,
    toolPaths: {},
  };
}

/** Checks an engine choice; a custom URL must be http(s), and https unless it is this machine. */
export function validateEngineChoice(choice: EngineChoice): Result<EngineChoice> {
  if (choice.kind === 'local') return ok(choice);
  const normalized = normalizeBaseUrl(choice.baseUrl);
  if (!normalized.ok)
    return fail('invalid_setting', normalized.message, { field: 'engine.baseUrl' });
  const url = new URL(normalized.value);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return fail(
      'invalid_setting',
      'Use https:// for a service on another machine; plain http:// is allowed only for this computer (localhost, 127.0.0.1).',
      { field: 'engine.baseUrl' },
    );
  }
  return ok({ kind: 'custom', baseUrl: normalized.value });
}

export class SettingsStore {
  private current: Settings;
  private document: SettingsDocument | null = null;
  private readonly listeners = new Set<(next: Settings, previous: Settings) => void>();
  readonly file: string;

  constructor(private readonly options: SettingsStoreOptions) {
    this.file = path.join(options.dir, SETTINGS_FILE);
    this.current = defaultSettings(options.defaultProjectFolder);
  }

  /** Reads, migrates and (when it changed) rewrites the settings file. Never fails: defaults stand in. */
  async load(): Promise<Settings> {
    const defaults = defaultSettings(this.options.defaultProjectFolder);
    const read = this.open();
    if (read.state === 'unusable') {
      this.current = defaults;
      return this.current;
    }
    if (read.state === 'corrupt') {
      this.options.log?.(`settings file unreadable, using defaults: ${read.message}`);
      this.current = defaults;
      await this.persist();
      return this.current;
    }
    if (Object.keys(read.value).length === 0) {
      this.current = defaults;
      return this.current;
    }
    const migrated = migrateSettings(read.value, defaults);
    this.current = migrated.settings;
    if (migrated.repaired.length)
      this.options.log?.(`settings repaired: ${migrated.repaired.join(', ')}`);
    if (migrated.changed) await this.persist();
    return this.current;
  }

  get(): Settings {
    return this.current;
  }

  /** Validates a patch (schema, URL rules, absolute folder) and saves it; problems name the field. */
  async update(input: unknown): Promise<Result<Settings>> {
    const parsed = storedSettingsPatchSchema.strict().safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail('invalid_setting', issue?.message ?? 'Invalid settings.', {
        field: issue?.path.join('.'),
      });
    }
    const patch: SettingsPatch = parsed.data;
    const next: Settings = { ...this.current };
    if (patch.engine) {
      const engine = validateEngineChoice(patch.engine);
      if (!engine.ok) return engine;
      next.engine = engine.value;
    }
    if (patch.projectFolder !== undefined) {
      if (!path.isAbsolute(patch.projectFolder)) {
        return fail('invalid_setting', 'The project folder must be a full (absolute) path.', {
          field: 'projectFolder',
        });
      }
      next.projectFolder = path.normalize(patch.projectFolder);
    }
    if (patch.maxConcurrentJobs !== undefined) next.maxConcurrentJobs = patch.maxConcurrentJobs;
    if (patch.toolPaths !== undefined) next.toolPaths = { ...patch.toolPaths };

    const previous = this.current;
    this.current = next;
    const written = await this.persist();
    if (written) {
      this.current = previous;
      return fail('settings_not_saved', `The settings could not be saved: ${written.message}`, {
        retryable: true,
      });
    }
    for (const listener of this.listeners) {
      try {
        listener(next, previous);
      } catch (error) {
        this.options.log?.(`settings listener failed: ${String(error)}`);
      }
    }
    return ok(next);
  }

  onChange(listener: (next: Settings, previous: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Opens the document and reads it once. A file that is not JSON is reported and removed, so
   * the defaults written next replace it; a folder that cannot be used at all leaves the store
   * in memory only (its writes then fail with settings_not_saved).
   */
  private open():
    | { state: 'read'; value: Record<string, unknown> }
    | { state: 'corrupt'; message: string }
    | { state: 'unusable' } {
    const open = this.options.open ?? openConfSettings;
    try {
      this.document = open(this.options.dir);
      return { state: 'read', value: this.document.store };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      try {
        rmSync(this.file, { force: true });
        this.document = open(this.options.dir);
        return { state: 'corrupt', message };
      } catch (again) {
        this.options.log?.(`settings folder unusable, settings kept in memory: ${String(again)}`);
        return { state: 'unusable' };
      }
    }
  }

  /** Writes the current settings through conf (temp file + rename, 0600). */
  private async persist(): Promise<Error | null> {
    try {
      if (!this.document) throw new Error('the settings file could not be opened');
      this.document.store = { ...this.current };
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
