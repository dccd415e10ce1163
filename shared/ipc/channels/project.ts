import { z } from 'zod';
import { projectDocumentSchema } from '../../domain/project/document';

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
  'project:create': {
    request: z.object({ name: z.string().min(1).max(200) }).strict(),
    response: z.object({ path: z.string(), document: projectDocumentSchema }),
  },
  /**
   * Opens a project. A file from a newer app version or one that does not parse is opened
   * read-only with `notice` saying why; it is never overwritten.
   */
  'project:open': {
    paths: { path: 'read' },
    request: z.object({ path: projectPath }).strict(),
    response: z.object({
      path: z.string(),
      document: projectDocumentSchema.nullable(),
      readOnly: z.boolean(),
      notice: z.string().optional(),
    }),
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
  /** accept: the journal becomes the document (and is saved); decline: the journal is removed. */
  'project:restore': {
    paths: { path: { create: ['.soundstage'] } },
    request: z.object({ path: projectPath, accept: z.boolean() }).strict(),
    response: z.object({ document: projectDocumentSchema.nullable() }),
  },
} as const;

export const projectEvents = {} as const;
