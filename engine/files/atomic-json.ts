import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes JSON so that a reader (or a restarted engine) sees the old file or the new one, never half. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomUUID()}.tmp`;
  await writeFile(temp, JSON.stringify(value, null, 1));
  await rename(temp, path);
}

/** Reads a JSON file; undefined when it does not exist. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as T;
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
