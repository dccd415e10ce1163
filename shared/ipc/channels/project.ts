import { z } from 'zod';
import { jobSchema } from '../../domain/jobs/job';
import { PROJECT_KINDS, projectDocumentSchema } from '../../domain/project/document';

/**
 * Project documents, kept by main's ProjectStore as `<name>.soundstage` in the project folder
 * (atomic writes). Autosaves go to a journal beside the file; a journal newer than its file at
 * launch means the app did not close cleanly, and is offered for restore.
 */
const projectPath = z.string().min(1).max(4096);
const projectSummary = z.object({ path: z.string(), name: z.string(), savedAt: z.number() });

export const projectChannels = {
  /** The 16 most recently opened or saved projects, newest first. */
  'project:recent': { request: z.object({}).strict(), response: z.array(projectSummary) },
  /**
   * Creates `<name>.soundstage` in the project folder. `kind` and `video` (project-new) start
   * that workspace's part on the video. Creating does not open: `project:open` follows.
   */
  'project:create': {
    paths: { video: 'read' },
    request: z
      .object({
        name: z.string().min(1).max(200),
        kind: z.enum(PROJECT_KINDS).optional(),
        video: projectPath.optional(),
      })
      .strict(),
    response: z.object({ path: z.string(), document: projectDocumentSchema }),
  },
  /**
   * Opens a project for this window. A file from a newer app version or one that does not parse
   * is opened read-only with `notice` saying why; it is never overwritten. A project another
   * window (or browser tab) holds opens read-only too (`heldElsewhere`), until that one lets go.
   * `journal`: take the autosave journal when newer (reopening where the user was). `window`: an
   * id the page keeps across reloads, so a reloaded tab keeps its own project.
   */
  'project:open': {
    paths: { path: 'read' },
    request: z
      .object({
        path: projectPath,
        journal: z.boolean().optional(),
        window: z.string().min(1).max(100).optional(),
      })
      .strict(),
    response: z.object({
      path: z.string(),
      document: projectDocumentSchema.nullable(),
      readOnly: z.boolean(),
      notice: z.string().optional(),
      heldElsewhere: z.boolean().optional(),
      fromJournal: z.boolean().optional(),
      /** Edits an autosave could not write to the project folder, kept in the app's data folder. */
      recovered: z.object({ savedAt: z.number(), document: projectDocumentSchema }).optional(),
    }),
  },
  /** The project open when the app last ran (null after a close), for reopening at start. */
  'project:last': {
    request: z.object({}).strict(),
    response: z.object({ path: z.string().nullable() }),
  },
  /** This window lets go of its project: another window may edit it, and it is not reopened. */
  'project:close': {
    request: z.object({}).strict(),
    response: z.object({ closed: z.boolean() }),
  },
  /** The jobs started while this project was open (ledger entries carrying its path), newest first. */
  'project:jobs': {
    paths: { path: 'read' },
    request: z.object({ path: projectPath }).strict(),
    response: z.array(jobSchema),
  },
  /** `autosave: true` writes the journal only; an explicit save writes the file and drops it. */
  'project:save': {
    paths: { path: { create: ['.soundstage'] } },
    request: z
      .object({ path: projectPath, document: projectDocumentSchema, autosave: z.boolean() })
      .strict(),
    response: z.object({ savedAt: z.number() }),
  },
  /** Journals left by a run that did not close cleanly. */
  'project:restorable': {
    request: z.object({}).strict(),
    response: z.array(projectSummary),
  },
  /**
   * accept: the journal becomes the document (and is saved); decline: the journal and any
   * recovery file are removed.
   */
  'project:restore': {
    paths: { path: { create: ['.soundstage'] } },
    request: z.object({ path: projectPath, accept: z.boolean() }).strict(),
    response: z.object({ document: projectDocumentSchema.nullable() }),
  },
} as const;

export const projectEvents = {} as const;
