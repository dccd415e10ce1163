import { chmod, mkdir } from 'node:fs/promises';

/**
 * Creates a folder only its owner can enter (0700), and tightens one that already exists: the
 * data, upload and key folders hold what other local users must not read, whatever the umask.
 */
export async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
}
