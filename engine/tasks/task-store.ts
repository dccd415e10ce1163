import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonFile, readJsonFile } from '../files/atomic-json';
import type { TaskRecord } from './task-record';

/** All tasks, in memory and one atomically written JSON file per task. */
export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly files = new Map<string, JsonFile>();

  private constructor(private readonly dir: string) {}

  static async open(dataDir: string): Promise<TaskStore> {
    const store = new TaskStore(join(dataDir, 'tasks'));
    let names: string[] = [];
    try {
      names = await readdir(store.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const name of names) {
      const record = await readJsonFile<TaskRecord>(join(store.dir, name, 'task.json')).catch(
        () => undefined,
      );
      if (record?.id === name) store.tasks.set(record.id, record);
      // A folder without a task is what a crash left of a stream or of a request being checked.
      else await rm(join(store.dir, name), { recursive: true, force: true });
    }
    return store;
  }

  /** The folder of a task (or of a request that may become one). */
  taskDir(id: string): string {
    return join(this.dir, id);
  }

  workDir(id: string): string {
    return join(this.dir, id, 'work');
  }

  get(id: string): TaskRecord | undefined {
    return this.tasks.get(id);
  }

  /** Tasks that have ended (their work folders are no longer needed). */
  ended(): TaskRecord[] {
    return [...this.tasks.values()].filter((task) => task.status !== 'processing');
  }

  /** Deletes a task's work folder (uploads, intermediate files); its record and results stay. */
  removeWork(id: string): Promise<void> {
    return rm(this.workDir(id), { recursive: true, force: true });
  }

  processing(): TaskRecord[] {
    return [...this.tasks.values()].filter((task) => task.status === 'processing');
  }

  save(task: TaskRecord): Promise<void> {
    task.updatedAt = new Date().toISOString();
    this.tasks.set(task.id, task);
    let file = this.files.get(task.id);
    if (!file) {
      file = new JsonFile(join(this.dir, task.id, 'task.json'));
      this.files.set(task.id, file);
    }
    return file.save(task);
  }
}
