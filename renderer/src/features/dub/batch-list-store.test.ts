import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBatchList } from './batch-list-store';

/** A Storage over a Map: the upgrade path reads and writes exactly what the page would. */
function memoryStorage(initial: Record<string, string>): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('upgrading from the single batch', () => {
  it('moves the running batch into the list, then forgets the old key', () => {
    const storage = memoryStorage({ 'soundstage.dub.project': '/projects/Dub batch.ssproj' });
    vi.stubGlobal('localStorage', storage);
    const list = loadBatchList();
    expect(list.batches.map((b) => b.projectPath)).toEqual(['/projects/Dub batch.ssproj']);
    expect(list.activeId).toBe(list.batches[0]!.id);
    expect(storage.getItem('soundstage.dub.project')).toBeNull();
    // A second start reads the written list: the same batch, same id.
    expect(loadBatchList()).toEqual(list);
  });

  it('keeps the old key when the list cannot be written', () => {
    const storage = memoryStorage({ 'soundstage.dub.project': '/projects/a.ssproj' });
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('localStorage', storage);
    expect(loadBatchList().batches[0]!.projectPath).toBe('/projects/a.ssproj');
    expect(storage.getItem('soundstage.dub.project')).toBe('/projects/a.ssproj');
  });
});
