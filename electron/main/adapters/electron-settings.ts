import ElectronStore from 'electron-store';
import {
  SETTINGS_DOCUMENT_OPTIONS,
  SETTINGS_NAME,
  type OpenSettingsDocument,
} from '../services/settings/settings-document';

/** Electron: the same settings file through electron-store, in the folder main chooses. */
export const openElectronSettings: OpenSettingsDocument = (dir) =>
  new ElectronStore<Record<string, unknown>>({
    ...SETTINGS_DOCUMENT_OPTIONS,
    cwd: dir,
    name: SETTINGS_NAME,
  });
