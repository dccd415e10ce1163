import path from 'node:path';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  storedSettingsPatchSchema,
  type EngineChoice,
  type Settings,
  type SettingsPatch,
} from '../../../../shared/ipc/settings';
import { isLoopbackHost, normalizeBaseUrl } from '../api-client/base-url';
import { readJsonFile, SerialFileWriter } from '../storage/atomic-file';
import { CURRENT_SETTINGS_VERSION, migrateSettings } from './migrations';

/**
 * App settings as one versioned JSON file, written atomically. electron-store would only work
 * inside Electron; this plain file store serves Electron and browser mode alike.
 */
export const SETTINGS_FILE = 'settings.json';

export interface SettingsStoreOptions {
  /** Folder of settings.json (the user data folder). */
  dir: string;
  /** Default project folder, e.g. `<home>/Soundstage`. */
  defaultProjectFolder: string;
  log?: (line: string) => void;
}

export function defaultSettings(projectFolder: string): Settings {
  return {
    version: CURRENT_SETTINGS_VERSION,
    engine: { kind: 'local' },
    projectFolder,
    maxConcurrentJobs: 2,
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
  private readonly writer: SerialFileWriter;
  private readonly listeners = new Set<(next: Settings, previous: Settings) => void>();
  readonly file: string;

  constructor(private readonly options: SettingsStoreOptions) {
    this.file = path.join(options.dir, SETTINGS_FILE);
    // 0600: settings name the service and folders; other local users have no business reading them.
    this.writer = new SerialFileWriter(this.file, 0o600);
    this.current = defaultSettings(options.defaultProjectFolder);
  }

  /** Reads, migrates and (when it changed) rewrites the settings file. Never fails: defaults stand in. */
  async load(): Promise<Settings> {
    const read = await readJsonFile(this.file);
    const defaults = defaultSettings(this.options.defaultProjectFolder);
    if (read.state === 'missing') {
      this.current = defaults;
      return this.current;
    }
    if (read.state === 'corrupt') {
      this.options.log?.(`settings file unreadable, using defaults: ${read.message}`);
      this.current = defaults;
      await this.persist();
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

  private async persist(): Promise<Error | null> {
    const snapshot = this.current;
    await this.writer.save(() => `${JSON.stringify(snapshot, null, 2)}\n`);
    return this.writer.flush();
  }
}
