import { describe, expect, it } from 'vitest';
import { ProjectLocks } from './project-locks';

describe('ProjectLocks', () => {
  it('gives a project to the first client and read-only to others until released', () => {
    const locks = new ProjectLocks();
    expect(locks.acquire('/p/a.soundstage', 'tab-1')).toEqual({ held: true });
    expect(locks.acquire('/p/a.soundstage', 'tab-2')).toEqual({
      held: false,
      holder: { client: 'tab-1' },
    });
    expect(locks.heldBy('tab-1')).toBe('/p/a.soundstage');
    expect(locks.heldBy('tab-2')).toBeNull();
    locks.release('tab-1');
    expect(locks.acquire('/p/a.soundstage', 'tab-2')).toEqual({ held: true });
  });

  it('lets a reloaded tab (same window id, new connection) take its project back', () => {
    const locks = new ProjectLocks();
    locks.acquire('/p/a.soundstage', 'tab-1', 'w1');
    expect(locks.acquire('/p/a.soundstage', 'tab-9', 'w1')).toEqual({ held: true });
    expect(locks.heldBy('tab-1')).toBeNull();
    expect(locks.acquire('/p/a.soundstage', 'tab-3', 'w2')).toMatchObject({ held: false });
  });

  it('holds one project per client: opening another lets the first go', () => {
    const locks = new ProjectLocks();
    locks.acquire('/p/a.soundstage', 'tab-1');
    locks.acquire('/p/b.soundstage', 'tab-1');
    expect(locks.holderOf('/p/a.soundstage')).toBeNull();
    expect(locks.acquire('/p/a.soundstage', 'tab-2')).toEqual({ held: true });
  });
});
