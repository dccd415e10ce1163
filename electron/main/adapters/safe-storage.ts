import { safeStorage } from 'electron';
import {
  EncryptedFileSecretStorage,
  type SecretEncryptor,
} from '../services/key-vault/encrypted-secret-storage';

/** Electron's safeStorage as the key vault's encryptor; the refusal rules live in the service. */
const safeStorageEncryptor: SecretEncryptor = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  selectedBackend: () =>
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null,
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
};

/** The key vault's storage in Electron: encrypted with the OS keychain through safeStorage. */
export class SafeStorageSecretStorage extends EncryptedFileSecretStorage {
  constructor(filePath: string) {
    super(filePath, safeStorageEncryptor);
  }
}
