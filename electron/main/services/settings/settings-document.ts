import Conf from 'conf';

/**
 * The settings file as conf exposes it: the whole
 * document, read from disk on every `store` read and written atomically (temp file + rename)
 * with the file mode given at construction on every `store` write.
 */
export interface SettingsDocument {
  readonly path: string;
  store: Record<string, unknown>;
}

/** Opens `<dir>/settings.json`; throws when the file exists but is not JSON. */
export type OpenSettingsDocument = (dir: string) => SettingsDocument;

/** conf's options for the settings file. */
export const SETTINGS_DOCUMENT_OPTIONS = {
  fileExtension: 'json',
  /** Only this user may read which service the app talks to. */
  configFileMode: 0o600,
  /** Corrupt files are reported, then replaced by the store itself (see SettingsStore.load). */
  clearInvalidConfig: false,
  /** Keys are plain names; a dotted key is never a path into the document. */
  accessPropertiesByDotNotation: false,
} as const;

export const SETTINGS_NAME = 'settings';

/** Plain Node (browser mode, tests): conf in the given folder. */
export const openConfSettings: OpenSettingsDocument = (dir) =>
  new Conf<Record<string, unknown>>({
    ...SETTINGS_DOCUMENT_OPTIONS,
    cwd: dir,
    configName: SETTINGS_NAME,
    projectName: 'soundstage',
  });
