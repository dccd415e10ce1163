import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setAside } from '../../shared/node/storage/set-aside';

/**
 * Writes JSON so that a reader (or a restarted engine) sees the old file or the new one, never
 * half: the temp file is fsynced before the rename, so a power cut cannot leave an empty file.
 */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(value, null, 1));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Reads a JSON state file; undefined when it does not exist. A file that is not JSON (torn by a
 * crash, damaged on disk) is moved aside to `<name>.corrupt-<time>.json` and reported on
 * stderr, and the caller starts from its defaults: the engine still starts, and the bytes are
 * kept for whoever needs to reconcile them, never written over.
 */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    const keptAt = await setAside(path, 'move');
    console.error(
      `engine: ${path} could not be read (${(error as Error).message}); ` +
        (keptAt ? `its bytes were kept at ${keptAt}` : 'it could not be set aside either'),
    );
    if (!keptAt) throw new Error(`${path} is unreadable and could not be set aside`);
    return undefined;
  }
}

/**
 * One JSON file whose writes are serialised in call order, so an older snapshot can never
 * overwrite a newer one when two writes overlap.
 */
export class JsonFile {
  private chain: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  save(value: unknown): Promise<void> {
    const snapshot = JSON.parse(JSON.stringify(value)) as unknown;
    const write = this.chain.then(() => writeJsonAtomic(this.path, snapshot));
    this.chain = write.catch(() => undefined);
    return write;
  }
}
