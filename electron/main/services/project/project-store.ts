import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  newProjectDocument,
  NEW_BATCH_SETTINGS,
  PROJECT_VERSION,
  projectDocumentSchema,
  type ProjectDocument,
  type ProjectKind,
} from '../../../../shared/domain/project/document';
import { EMPTY_SUBTITLES } from '../../../../shared/domain/project/subtitles-part';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { migrateProject, type ProjectReadState } from './migrations';
import {
  fileStemFor,
  isProjectFile,
  journalPathOf,
  PROJECT_EXTENSION,
  projectPathOfJournal,
} from './project-files';
import { RecentProjects, type ProjectSummary } from './recent-projects';
import { LastProject } from './last-project';
import { RecoveryFiles, type Recovered } from './recovery-files';

export interface ProjectStoreOptions {
  userDataDir: string;
  /** Where new projects go, and where journals are looked for at launch. */
  projectFolder: () => string;
  now?: () => number;
}

export interface OpenedProject {
  path: string;
  document: ProjectDocument | null;
  readOnly: boolean;
  notice?: string;
  /** The document came from the autosave journal (newer than the file): a reopen. */
  fromJournal?: boolean;
  /** Edits kept in the recovery file when the folder could not be written: offered for restore. */
  recovered?: Omit<Recovered, 'file'>;
}

export interface CreateOptions {
  kind?: ProjectKind;
  /** The video the project is about; the kind's part starts with it. */
  media?: string;
}

const journalSchema = z.object({
  format: z.literal('soundstage-autosave'),
  savedAt: z.number(),
  document: z.unknown(),
});

type DiskState = ProjectReadState | { state: 'missing' };

/**
 * Project documents on disk (see docs/editing.md, "Project files and restore"): explicit saves
 * write `<name>.soundstage` atomically and drop the journal; autosaves write only the journal
 * beside it. A file this version cannot safely rewrite (newer format, or damaged) opens
 * read-only, and every write re-checks the file on disk, so it is never overwritten even after a
 * restart forgot that it was opened read-only.
 */
export class ProjectStore {
  private readonly recentList: RecentProjects;
  private readonly now: () => number;
  private readonly recovery: RecoveryFiles;
  /** The project open when the app last ran (reopened at start). */
  readonly last: LastProject;
  /** Per file, the save or patch in progress (see oneAtATime). */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly options: ProjectStoreOptions) {
    this.recentList = new RecentProjects(options.userDataDir);
    this.now = options.now ?? Date.now;
    this.recovery = new RecoveryFiles(options.userDataDir);
    this.last = new LastProject(options.userDataDir);
  }

  recent(): Promise<ProjectSummary[]> {
    return this.recentList.list();
  }

  async create(
    name: string,
    options: CreateOptions = {},
  ): Promise<Result<{ path: string; document: ProjectDocument }>> {
    const folder = this.options.projectFolder();
    const stem = fileStemFor(name);
    let file = path.join(folder, `${stem}${PROJECT_EXTENSION}`);
    for (let n = 2; (await this.readDisk(file)).state !== 'missing'; n++)
      file = path.join(folder, `${stem} ${n}${PROJECT_EXTENSION}`);
    const document = withKind(
      newProjectDocument(randomUUID(), name.trim() || stem, this.now()),
      options,
    );
    const written = await this.write(file, document);
    return written.ok ? ok({ path: file, document }) : written;
  }

  /**
   * Opens a project. `journal`: take the autosave journal when it is newer than the file (the
   * app reopening where the user was, so autosaved edits come back without a restore prompt).
   */
  async open(file: string, { journal = false } = {}): Promise<Result<OpenedProject>> {
    if (!isProjectFile(file)) return notProjectPath();
    const disk = await this.readDisk(file);
    if (disk.state === 'missing')
      return fail('project_missing', 'That project file no longer exists. Pick it again.');
    if (disk.state !== 'ok')
      return ok({ path: file, document: null, readOnly: true, notice: readOnlyNotice(disk) });
    await this.remember(file, disk.document);
    const opened: OpenedProject = { path: file, document: disk.document, readOnly: false };
    if (disk.migratedFrom !== null)
      opened.notice = `This project was upgraded from format ${disk.migratedFrom}; saving writes the new format.`;
    const autosaved = journal && (await journalIsNewer(file)) ? await this.readJournal(file) : null;
    if (autosaved) {
      opened.document = autosaved.document;
      opened.fromJournal = true;
    }
    const recovered = await this.recovery.read(file);
    if (recovered && recovered.savedAt > (autosaved?.savedAt ?? disk.document.updatedAt))
      opened.recovered = { savedAt: recovered.savedAt, document: recovered.document };
    return ok(opened);
  }

  save(
    file: string,
    document: ProjectDocument,
    autosave: boolean,
  ): Promise<Result<{ savedAt: number }>> {
    if (!isProjectFile(file)) return Promise.resolve(notProjectPath());
    return this.oneAtATime(file, () => this.saveNow(file, document, autosave));
  }

  private async saveNow(
    file: string,
    sent: ProjectDocument,
    autosave: boolean,
  ): Promise<Result<{ savedAt: number }>> {
    const disk = await this.readDisk(file);
    if (disk.state === 'newer' || disk.state === 'corrupt') return readOnlyRefusal(disk);
    const document = disk.state === 'ok' ? withMainRuns(sent, disk.document) : sent;
    const savedAt = this.now();
    if (autosave) {
      const journal = { format: 'soundstage-autosave', savedAt, document };
      try {
        await writeFileAtomic(journalPathOf(file), JSON.stringify(journal));
      } catch (error) {
        return this.keepInRecovery(file, document, savedAt, notSaved(error));
      }
      await this.recovery.remove(file).catch(() => undefined);
      return ok({ savedAt });
    }
    const written = await this.write(file, { ...document, updatedAt: savedAt });
    if (!written.ok) return this.keepInRecovery(file, document, savedAt, written);
    await fs.rm(journalPathOf(file), { force: true });
    await this.recovery.remove(file).catch(() => undefined);
    return ok({ savedAt });
  }

  /**
   * The project folder refused the write (read-only, disk full): the edits go to a recovery
   * file in the app's data folder, offered on the next open, and the error says where they are.
   */
  private async keepInRecovery(
    file: string,
    document: ProjectDocument,
    savedAt: number,
    failure: Result<unknown>,
  ): Promise<Result<never>> {
    if (failure.ok) return fail('project_not_saved', 'The project could not be saved.');
    const kept = await this.recovery.write(file, document, savedAt);
    const where = kept
      ? ` Your edits are kept in this window and in a recovery file (${kept}); reopening the project offers them back.`
      : ' Your edits are kept in this window only: do not close it.';
    return { ok: false, error: { ...failure.error, message: `${failure.error.message}${where}` } };
  }

  /**
   * Changes a part main owns (the dub part's `runs`) in the file and, when one exists, in its
   * autosave journal too, so neither an explicit save nor a restore loses it and the user's
   * unsaved edits in the journal stay. The file keeps its other parts as they were on disk.
   */
  patch(
    file: string,
    change: (document: ProjectDocument) => ProjectDocument,
  ): Promise<Result<ProjectDocument>> {
    if (!isProjectFile(file)) return Promise.resolve(notProjectPath());
    return this.oneAtATime(file, () => this.patchNow(file, change));
  }

  private async patchNow(
    file: string,
    change: (document: ProjectDocument) => ProjectDocument,
  ): Promise<Result<ProjectDocument>> {
    const disk = await this.readDisk(file);
    if (disk.state === 'missing')
      return fail(
        'project_missing',
        'The project file is gone. Save the project again to continue.',
      );
    if (disk.state !== 'ok') return (await this.refuseReadOnly(file)) ?? notProjectPath();
    const document = change(disk.document);
    const written = await this.write(file, document);
    if (!written.ok) return written;
    const journal = await this.readJournal(file);
    if (journal) {
      const payload = {
        format: 'soundstage-autosave',
        savedAt: journal.savedAt,
        document: change(journal.document),
      };
      await writeFileAtomic(journalPathOf(file), JSON.stringify(payload)).catch(() => undefined);
    }
    return ok(document);
  }

  /**
   * Journals newer than their project file, in the project folder and the folders of recent
   * projects: what a run that did not close cleanly (or a reloaded window) left unsaved.
   */
  async restorable(): Promise<ProjectSummary[]> {
    const folders = new Set([this.options.projectFolder()]);
    for (const item of await this.recentList.list()) folders.add(path.dirname(item.path));
    const found: ProjectSummary[] = [];
    for (const folder of folders) {
      let names: string[];
      try {
        names = await fs.readdir(folder);
      } catch {
        continue;
      }
      for (const name of names) {
        const projectFile = projectPathOfJournal(path.join(folder, name));
        if (!projectFile) continue;
        const journal = await this.readJournal(projectFile);
        if (journal && (await journalIsNewer(projectFile)))
          found.push({ path: projectFile, name: journal.document.name, savedAt: journal.savedAt });
      }
    }
    return found.sort((a, b) => b.savedAt - a.savedAt);
  }

  /** accept: the journal's document is saved as the project; decline: the journal is removed. */
  async restore(
    file: string,
    accept: boolean,
  ): Promise<Result<{ document: ProjectDocument | null }>> {
    if (!isProjectFile(file)) return notProjectPath();
    const journalFile = journalPathOf(file);
    if (!accept) {
      await fs.rm(journalFile, { force: true });
      await this.recovery.remove(file).catch(() => undefined);
      return ok({ document: null });
    }
    const journal = await this.readJournal(file);
    if (!journal)
      return fail('nothing_to_restore', 'There is no unsaved work to restore for this project.');
    const refused = await this.refuseReadOnly(file);
    if (refused) return refused;
    const document = { ...journal.document, updatedAt: this.now() };
    const written = await this.write(file, document);
    if (!written.ok) return written;
    await fs.rm(journalFile, { force: true });
    return ok({ document });
  }

  /**
   * Saves and patches of one file run one after another: a save that read the file before a
   * patch wrote new runs, and wrote after it, would put the old runs back.
   */
  private oneAtATime<T>(file: string, work: () => Promise<T>): Promise<T> {
    const turn = (this.writing.get(file) ?? Promise.resolve()).then(work, work);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.writing.set(file, settled);
    void settled.then(() => {
      if (this.writing.get(file) === settled) this.writing.delete(file);
    });
    return turn;
  }

  private async write(file: string, document: ProjectDocument): Promise<Result<true>> {
    try {
      await writeFileAtomic(file, `${JSON.stringify(document, null, 2)}\n`);
    } catch (error) {
      return notSaved(error);
    }
    await this.remember(file, document);
    return ok(true);
  }

  private async remember(file: string, document: ProjectDocument): Promise<void> {
    try {
      await this.recentList.touch({ path: file, name: document.name, savedAt: this.now() });
    } catch {
      // The recent list is a convenience; a project must not fail to save over it.
    }
  }

  private async readDisk(file: string): Promise<DiskState> {
    const read = await readJsonFile(file);
    if (read.state === 'missing') return { state: 'missing' };
    if (read.state === 'corrupt') return { state: 'corrupt', reason: 'it is not valid JSON' };
    return migrateProject(read.value);
  }

  private async refuseReadOnly(file: string): Promise<Result<never> | null> {
    const disk = await this.readDisk(file);
    return disk.state === 'newer' || disk.state === 'corrupt' ? readOnlyRefusal(disk) : null;
  }

  private async readJournal(
    projectFile: string,
  ): Promise<{ savedAt: number; document: ProjectDocument } | null> {
    const read = await readJsonFile(journalPathOf(projectFile));
    if (read.state !== 'ok') return null;
    const journal = journalSchema.safeParse(read.value);
    if (!journal.success) return null;
    const document = projectDocumentSchema.safeParse(journal.data.document);
    return document.success ? { savedAt: journal.data.savedAt, document: document.data } : null;
  }
}

/**
 * The document a window sent, with every dub run main has written kept as main wrote it. `runs`
 * is main's record of which job was charged for which request (dub:start, dub:retry write it
 * with patch); a window that saves from an older copy must not drop or rewrite an entry, or a
 * restart could submit and charge that request again.
 */
function withMainRuns(sent: ProjectDocument, onDisk: ProjectDocument): ProjectDocument {
  const mainRuns = onDisk.dub?.runs ?? {};
  if (!sent.dub || Object.keys(mainRuns).length === 0) return sent;
  return { ...sent, dub: { ...sent.dub, runs: { ...sent.dub.runs, ...mainRuns } } };
}

/** The kind and video of a new project, with its kind's part started on that video. */
function withKind(document: ProjectDocument, { kind, media }: CreateOptions): ProjectDocument {
  const next: ProjectDocument = { ...document, ...(kind ? { kind } : {}) };
  if (!media) return next;
  next.media = { path: media };
  if (kind === 'subtitles') next.subtitles = { ...EMPTY_SUBTITLES, video: { path: media } };
  if (kind === 'dub')
    next.dub = {
      videos: [{ path: media }],
      scripts: [],
      settings: { ...NEW_BATCH_SETTINGS, languages: [...NEW_BATCH_SETTINGS.languages] },
      runs: {},
    };
  // Score's part needs the probed duration; the Score workspace fills it in on first open.
  return next;
}

function readOnlyRefusal(disk: Parameters<typeof readOnlyNotice>[0]): Result<never> {
  return fail(
    'project_read_only',
    `${readOnlyNotice(disk)} Use "Save as" with a new name to keep your changes.`,
  );
}

function readOnlyNotice(
  disk: { state: 'newer'; version: number } | { state: 'corrupt'; reason: string },
): string {
  return disk.state === 'newer'
    ? `This project was saved by a newer version of Soundstage (format ${disk.version}; this app reads ` +
        `up to ${PROJECT_VERSION}), so it is open read-only and will not be overwritten. Update Soundstage to edit it.`
    : `This project file is damaged (${disk.reason}), so it is open read-only and will not be overwritten.`;
}

const notProjectPath = (): Result<never> =>
  fail('not_a_project', `Project files end in ${PROJECT_EXTENSION}.`, { field: 'path' });

function notSaved(error: unknown): Result<never> {
  const code = (error as NodeJS.ErrnoException).code;
  const hint =
    code === 'ENOSPC'
      ? 'The disk is full; free some space and save again.'
      : 'Check that the project folder is writable, or choose another in Settings.';
  return fail('project_not_saved', `The project could not be saved (${code ?? 'error'}). ${hint}`, {
    retryable: true,
  });
}

async function journalIsNewer(projectFile: string): Promise<boolean> {
  try {
    const [journal, project] = await Promise.all([
      fs.stat(journalPathOf(projectFile)),
      fs.stat(projectFile).catch(() => null),
    ]);
    return !project || journal.mtimeMs > project.mtimeMs;
  } catch {
    return false;
  }
}
