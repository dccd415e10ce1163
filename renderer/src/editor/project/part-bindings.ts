import type { ProjectDocument } from '../../../../shared/domain/project/document';

/** The parts a workspace owns in a project document. */
export type PartKey = 'score' | 'subtitles' | 'dub';

/** What the open project is, as every workspace sees it. */
export interface OpenProjectInfo {
  path: string;
  name: string;
  kind?: ProjectDocument['kind'];
  /** The project's video, when it has one. */
  media?: string;
  /** Edits are refused (another window holds it, or the file is newer/damaged). */
  readOnly: boolean;
  /** Why it is read-only, or what happened on open, in words. */
  notice?: string;
  heldElsewhere?: boolean;
}

/**
 * How a workspace's editor state plugs into the open project: the store loads each part into
 * its editor when a project opens and reads it back to save. A workspace registers its binding
 * once (at module load), so the project store never imports a feature folder.
 */
export interface PartBinding<K extends PartKey = PartKey> {
  key: K;
  /** The part as it would be saved now; undefined keeps the document's copy as it was. */
  read(): ProjectDocument[K] | undefined;
  /** Puts a project's part (maybe absent) into the editor, with fresh undo. */
  load(document: ProjectDocument, info: OpenProjectInfo): void;
  /** Calls back on every change of the part (edit, undo, redo); returns an unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

/** The document to save: the last loaded or saved one, with every bound part as it is now. */
export function composeDocument(
  base: ProjectDocument,
  bindings: Iterable<PartBinding>,
  now: number,
): ProjectDocument {
  const next: ProjectDocument = { ...base, updatedAt: now };
  for (const binding of bindings) {
    const value = binding.read();
    if (value !== undefined) (next as Record<PartKey, unknown>)[binding.key] = value;
  }
  return next;
}
