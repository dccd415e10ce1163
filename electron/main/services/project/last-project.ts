import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';

export const LAST_PROJECT_FILE = 'last-project.json';
const fileSchema = z.object({ version: z.literal(1), path: z.string().min(1) });

/**
 * The project that was open when the app last ran, kept in the user data folder so a restart
 * (or a reloaded window) puts the user back where they were. Cleared when the project is closed.
 */
export class LastProject {
  private readonly file: string;

  constructor(userDataDir: string) {
    this.file = path.join(userDataDir, LAST_PROJECT_FILE);
  }

  async get(): Promise<string | null> {
    const read = await readJsonFile(this.file);
    if (read.state !== 'ok') return null;
    const parsed = fileSchema.safeParse(read.value);
    return parsed.success ? parsed.data.path : null;
  }

  async set(projectPath: string | null): Promise<void> {
    try {
      if (projectPath === null) await fs.rm(this.file, { force: true });
      else {
        await fs.mkdir(path.dirname(this.file), { recursive: true });
        await writeFileAtomic(this.file, JSON.stringify({ version: 1, path: projectPath }));
      }
    } catch {
      // A convenience: failing to remember must not fail the open that triggered it.
    }
  }
}
