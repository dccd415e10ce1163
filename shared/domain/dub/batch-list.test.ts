import { describe, expect, it } from 'vitest';
import {
  deleteBatch,
  freeBatchName,
  migrateBatchList,
  renameBatch,
  showProjectAsBatch,
  type BatchList,
} from './batch-list';

const ids = () => {
  let n = 0;
  return () => `b${++n}`;
};

describe('migrateBatchList', () => {
  it('keeps the single batch of an older version as the first, shown batch', () => {
    const list = migrateBatchList(null, '/p/Dub batch.ssproj', 5, ids());
    expect(list).toEqual({
      version: 1,
      batches: [{ id: 'b1', name: 'Dub batch', projectPath: '/p/Dub batch.ssproj', createdAt: 5 }],
      activeId: 'b1',
    });
  });

  it('starts one empty batch on a fresh install', () => {
    const list = migrateBatchList(undefined, null, 1, ids());
    expect(list.batches).toHaveLength(1);
    expect(list.batches[0]!.projectPath).toBeNull();
  });

  it('returns a stored list as it was, and is idempotent with the legacy path in it', () => {
    const stored = migrateBatchList(null, '/p/a.ssproj', 1, ids());
    const again = migrateBatchList(JSON.parse(JSON.stringify(stored)), '/p/a.ssproj', 9, ids());
    expect(again).toEqual(stored);
  });

  it('adds a legacy batch the stored list does not know, instead of dropping it', () => {
    const stored: BatchList = {
      version: 1,
      batches: [{ id: 'x', name: 'Mine', projectPath: '/p/x.ssproj', createdAt: 1 }],
      activeId: 'x',
    };
    const list = migrateBatchList(stored, '/p/old.ssproj', 2, ids());
    expect(list.batches.map((b) => b.projectPath)).toEqual(['/p/x.ssproj', '/p/old.ssproj']);
    expect(list.activeId).toBe('x');
  });

  it('falls back to the legacy batch when the stored list is unreadable', () => {
    const list = migrateBatchList({ version: 7, junk: true }, '/p/old.ssproj', 2, ids());
    expect(list.batches.map((b) => b.projectPath)).toEqual(['/p/old.ssproj']);
  });

  it('repairs an active id that names no batch', () => {
    const stored = { ...migrateBatchList(null, null, 1, ids()), activeId: 'gone' };
    expect(migrateBatchList(stored, null, 1, ids()).activeId).toBe('b1');
  });
});

describe('batch list changes', () => {
  const two: BatchList = {
    version: 1,
    batches: [
      { id: 'a', name: 'Dub batch', projectPath: '/a', createdAt: 1 },
      { id: 'b', name: 'Dub batch 2', projectPath: '/b', createdAt: 2 },
    ],
    activeId: 'b',
  };

  it('names new batches after the ones already there', () => {
    expect(freeBatchName(two, 'Dub batch')).toBe('Dub batch 3');
    expect(freeBatchName(two, 'Trailer')).toBe('Trailer');
  });

  it('renames, refusing an empty name with what to do', () => {
    const renamed = renameBatch(two, 'a', '  Trailers ');
    expect(renamed.ok && renamed.list.batches[0]!.name).toBe('Trailers');
    const empty = renameBatch(two, 'a', ' ');
    expect(empty.ok).toBe(false);
  });

  it('refuses to delete a batch with requests still running, and says why', () => {
    const refused = deleteBatch(two, 'b', 2);
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining('2 requests running') });
  });

  it('refuses to delete the only batch', () => {
    const one = { ...two, batches: [two.batches[0]!], activeId: 'a' };
    expect(deleteBatch(one, 'a', 0).ok).toBe(false);
  });

  it('deletes an idle batch and shows its neighbour', () => {
    const deleted = deleteBatch(two, 'b', 0);
    expect(deleted.ok && deleted.list).toEqual({
      ...two,
      batches: [two.batches[0]],
      activeId: 'a',
    });
  });
});

describe('showProjectAsBatch', () => {
  const list: BatchList = {
    version: 1,
    batches: [
      { id: 'a', name: 'Dub batch', projectPath: '/p/a.soundstage', createdAt: 1 },
      { id: 'b', name: 'Trailer', projectPath: '/p/b.soundstage', createdAt: 2 },
    ],
    activeId: 'a',
  };

  it('shows a listed project without adding it again', () => {
    const shown = showProjectAsBatch(list, { path: '/p/b.soundstage', name: 'x' }, 9, ids());
    expect(shown.activeId).toBe('b');
    expect(shown.batches).toHaveLength(2);
  });

  it('adds a project not yet listed, named after it, and shows it', () => {
    const shown = showProjectAsBatch(
      list,
      { path: '/p/film.soundstage', name: 'Trailer' },
      9,
      ids(),
    );
    expect(shown.batches).toHaveLength(3);
    expect(shown.batches[2]).toEqual({
      id: 'b1',
      name: 'Trailer 2',
      projectPath: '/p/film.soundstage',
      createdAt: 9,
    });
    expect(shown.activeId).toBe('b1');
  });

  it('gives the project to a shown batch that has none yet, instead of adding one', () => {
    const fresh: BatchList = {
      version: 1,
      batches: [{ id: 'a', name: 'Dub batch', projectPath: null, createdAt: 1 }],
      activeId: 'a',
    };
    const shown = showProjectAsBatch(
      fresh,
      { path: '/p/f.soundstage', name: 'Dub batch' },
      9,
      ids(),
    );
    expect(shown.batches).toEqual([
      { id: 'a', name: 'Dub batch', projectPath: '/p/f.soundstage', createdAt: 1 },
    ]);
    expect(shown.activeId).toBe('a');
  });
});
