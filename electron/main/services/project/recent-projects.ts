import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';

export const RECENT_LIMIT = 16;
export const RECENT_FILE = 'recent-projects.json';

const summarySchema = z.object({ path: z.string(), name: z.string(), savedAt: z.number() });
export type ProjectSummary = z.infer<typeof summarySchema>;
const fileSchema = z.object({ version: z.literal(1), items: z.array(summarySchema) });

/**
 * The most recently opened or saved projects (newest first, one entry per path, at most 16),
 * kept in the user data folder. Updates are chained so two saves at once cannot lose an entry.
 */
export class RecentProjects {
  private readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(userDataDir: string) {
    this.file = path.join(userDataDir, RECENT_FILE);
  }

  /** Entries whose project file still exists. */
  async list(): Promise<ProjectSummary[]> {
    await this.chain;
    const items = await this.read();
    const present = await Promise.all(items.map((item) => exists(item.path)));
    return items.filter((_, i) => present[i]);
  }

  touch(entry: ProjectSummary): Promise<void> {
    const next = this.chain.then(async () => {
      const items = (await this.read()).filter((item) => item.path !== entry.path);
      items.unshift(entry);
      const data = { version: 1, items: items.slice(0, RECENT_LIMIT) };
      await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`);
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async read(): Promise<ProjectSummary[]> {
    const read = await readJsonFile(this.file);
    if (read.state !== 'ok') return [];
    const parsed = fileSchema.safeParse(read.value);
    return parsed.success ? parsed.data.items : [];
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}
