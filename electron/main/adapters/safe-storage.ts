import { safeStorage } from 'electron';
import {
  EncryptedFileSecretStorage,
  type SecretEncryptor,
} from '../services/key-vault/encrypted-secret-storage';

/** Electron's safeStorage as the key vault's encryptor; the refusal rules live in the service. */
const safeStorageEncryptor: SecretEncryptor = {
  // The *Async methods: Electron 45 deprecates the synchronous ones (decision 075).
  isEncryptionAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
  selectedBackend: () =>
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null,
  encryptString: (plain) => safeStorage.encryptStringAsync(plain),
  decryptString: async (encrypted) => {
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(encrypted);
    return { plain: result, shouldReEncrypt };
  },
};

/** The key vault's storage in Electron: encrypted with the OS keychain through safeStorage. */
export class SafeStorageSecretStorage extends EncryptedFileSecretStorage {
  constructor(filePath: string) {
    super(filePath, safeStorageEncryptor);
  }
}
