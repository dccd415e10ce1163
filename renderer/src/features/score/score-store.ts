import { create } from 'zustand';
import { registerPart } from '../../editor/project/open-project-store';
import {
  canRedo,
  canUndo,
  createHistory,
  record,
  redo,
  undo,
  undoDepth,
  type History,
} from '../../../../shared/domain/history';
import {
  scorePartSchema,
  type ProjectDocument,
  type ScorePart,
} from '../../../../shared/domain/project/document';
import { withLanded } from '../../../../shared/domain/project/score-jobs';

/** Undo keeps at least this many steps (docs/editing.md, "Score workspace"). */
export const UNDO_LIMIT = 200;

export interface OpenProject {
  path: string;
  /** Everything but the score part, which lives in `history.present`. */
  document: ProjectDocument;
  readOnly: boolean;
  notice?: string;
}

export interface EditOptions {
  /** Edits with the same key within about a second are one undo step (typing a prompt). */
  coalesceKey?: string;
  /**
   * Jobs this edit lands (a brief, a take): recorded in the same change, outside undo, so
   * undoing the landing does not make it land again (docs/decisions/105-score-jobs-from-main.md).
   */
  landedJobIds?: readonly string[];
}

interface ScoreState {
  project: OpenProject | null;
  history: History<ScorePart> | null;
  /**
   * The part's `landedJobIds`, kept beside the undo history (never inside it) and written back
   * with the part; undefined while the document has no record (an older file).
   */
  landedJobIds: string[] | undefined;
  /** When this window loaded the project: failures from before it are not shown. */
  openedAt: number;
  /** Bumped on every change of the document (edit, undo, redo), for autosave. */
  revision: number;
  /** The revision last written to disk (journal or file). */
  savedRevision: number;
  load: (project: OpenProject) => void;
  close: () => void;
  /**
   * Applies one undoable change to the score part (and records `landedJobIds` from the options
   * even when the change is none); ignored when the project is read-only.
   */
  edit: (label: string, change: (part: ScorePart) => ScorePart, options?: EditOptions) => void;
  undo: () => void;
  redo: () => void;
  markSaved: (revision: number) => void;
}

export const EMPTY_SCORE: ScorePart = scorePartSchema.parse({ lanes: {} });

/** The part without its landed record, which the store keeps apart from undo. */
function undoablePart(part: ScorePart): ScorePart {
  if (part.landedJobIds === undefined) return part;
  const { landedJobIds: _kept, ...rest } = part;
  return rest;
}

/**
 * The open Score project: its document, with the score part under the shared undo History so
 * every edit (including a whole drag, recorded once on pointer-up) can be undone.
 */
export const useScoreStore = create<ScoreState>()((set, get) => ({
  project: null,
  history: null,
  landedJobIds: undefined,
  openedAt: 0,
  revision: 0,
  savedRevision: 0,
  load: (project) => {
    const score = project.document.score;
    set({
      project,
      history: createHistory(score ? undoablePart(score) : EMPTY_SCORE, { limit: UNDO_LIMIT }),
      landedJobIds: score?.landedJobIds ? [...score.landedJobIds] : undefined,
      openedAt: Date.now(),
      revision: 0,
      savedRevision: 0,
    });
  },
  close: () =>
    set({ project: null, history: null, landedJobIds: undefined, revision: 0, savedRevision: 0 }),
  edit: (label, change, options = {}) => {
    const { history, project, revision, landedJobIds } = get();
    if (!history || !project || project.readOnly) return;
    const next = change(history.present);
    const fresh = (options.landedJobIds ?? []).filter((id) => !landedJobIds?.includes(id));
    const landed = fresh.length > 0 ? withLanded(landedJobIds, fresh) : landedJobIds;
    if (next === history.present && landed === landedJobIds) return;
    set({
      ...(next === history.present
        ? {}
        : {
            history: record(history, next, {
              label,
              at: Date.now(),
              ...(options.coalesceKey ? { coalesceKey: options.coalesceKey } : {}),
            }),
          }),
      landedJobIds: landed,
      revision: revision + 1,
    });
  },
  undo: () => {
    const { history, revision } = get();
    if (history && canUndo(history)) set({ history: undo(history), revision: revision + 1 });
  },
  redo: () => {
    const { history, revision } = get();
    if (history && canRedo(history)) set({ history: redo(history), revision: revision + 1 });
  },
  markSaved: (savedRevision) => set({ savedRevision }),
}));

// The open project (editor/project) loads this part into the store and reads it back to save.
registerPart({
  key: 'score',
  read: () => {
    const { history, project, landedJobIds } = useScoreStore.getState();
    // A project without a score part keeps none until Score changes something.
    if (!history || !project || (history.present === EMPTY_SCORE && !project.document.score))
      return undefined;
    return withRecord(history.present, landedJobIds);
  },
  load: (document, info) =>
    useScoreStore.getState().load({
      path: info.path,
      document,
      readOnly: info.readOnly,
      ...(info.notice ? { notice: info.notice } : {}),
    }),
  subscribe: (onChange) =>
    useScoreStore.subscribe((state, previous) => {
      if (state.history !== previous.history || state.landedJobIds !== previous.landedJobIds)
        onChange();
    }),
});

/** The score part being edited (the empty score before a project is open). */
export function useScorePart(): ScorePart {
  return useScoreStore((s) => s.history?.present ?? EMPTY_SCORE);
}

export function useUndoDepth(): number {
  return useScoreStore((s) => (s.history ? undoDepth(s.history) : 0));
}

/** The whole document as it would be saved now. */
export function currentDocument(
  state: Pick<ScoreState, 'project' | 'history' | 'landedJobIds'>,
  now: number,
) {
  if (!state.project || !state.history) return null;
  return {
    ...state.project.document,
    score: withRecord(state.history.present, state.landedJobIds),
    updatedAt: now,
  };
}

function withRecord(part: ScorePart, landedJobIds: readonly string[] | undefined): ScorePart {
  return landedJobIds ? { ...part, landedJobIds: [...landedJobIds] } : part;
}
