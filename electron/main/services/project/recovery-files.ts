import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  projectDocumentSchema,
  type ProjectDocument,
} from '../../../../shared/domain/project/document';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';

export const RECOVERY_FOLDER = 'recovery';

const recoverySchema = z.object({
  format: z.literal('soundstage-recovery'),
  /** The project file the edits belong to. */
  path: z.string(),
  savedAt: z.number(),
  document: z.unknown(),
});

export interface Recovered {
  savedAt: number;
  document: ProjectDocument;
  /** Where the recovery file is, to tell the user. */
  file: string;
}

/**
 * Where a project's edits go when its own folder cannot be written (read-only folder, full
 * disk): one file per project in the app's data folder, named by a hash of the project path so
 * any path maps to a safe file name (docs/editing.md "Project files"). Removed once the project
 * saves again or the user declines the restore.
 */
export class RecoveryFiles {
  private readonly folder: string;

  constructor(userDataDir: string) {
    this.folder = path.join(userDataDir, RECOVERY_FOLDER);
  }

  fileFor(projectFile: string): string {
    const hash = createHash('sha256').update(projectFile).digest('hex').slice(0, 32);
    return path.join(this.folder, `${hash}.json`);
  }

  /** Writes the edits; answers the recovery file, or null when even that failed. */
  async write(
    projectFile: string,
    document: ProjectDocument,
    savedAt: number,
  ): Promise<string | null> {
    const file = this.fileFor(projectFile);
    try {
      const payload = { format: 'soundstage-recovery', path: projectFile, savedAt, document };
      await writeFileAtomic(file, JSON.stringify(payload));
      return file;
    } catch {
      return null;
    }
  }

  async read(projectFile: string): Promise<Recovered | null> {
    const file = this.fileFor(projectFile);
    const read = await readJsonFile(file);
    if (read.state !== 'ok') return null;
    const parsed = recoverySchema.safeParse(read.value);
    if (!parsed.success || parsed.data.path !== projectFile) return null;
    const document = projectDocumentSchema.safeParse(parsed.data.document);
    return document.success
      ? { savedAt: parsed.data.savedAt, document: document.data, file }
      : null;
  }

  async remove(projectFile: string): Promise<void> {
    await fs.rm(this.fileFor(projectFile), { force: true });
  }
}
