import { describe, expect, it } from 'vitest';
import type { Command } from '../../../../shared/domain/commands';
import { sheetSections } from './sheet-model';

const COMMANDS: (Command & { enabled: boolean })[] = [
  {
    id: 'score.split',
    label: 'Split at playhead',
    keys: ['S'],
    scope: 'score',
    group: 'Edit',
    enabled: true,
  },
  {
    id: 'edit.undo',
    label: 'Undo',
    keys: ['Ctrl+Z'],
    scope: 'global',
    group: 'Edit',
    enabled: false,
  },
  {
    id: 'score.play',
    label: 'Play / pause',
    keys: ['Space'],
    scope: 'score',
    group: 'Playback',
    enabled: true,
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    keys: ['Ctrl+Shift+Z', 'Ctrl+Y'],
    scope: 'global',
    group: 'Edit',
    enabled: true,
  },
  {
    id: 'score.merge',
    label: 'Merge with next',
    keys: [],
    scope: 'score',
    group: 'Edit',
    enabled: true,
  },
];

describe('sheetSections', () => {
  it('groups by scope, global first, and by group within a scope', () => {
    const sections = sheetSections(COMMANDS, '', 'other');
    expect(sections.map((s) => [s.title, s.rows.map((r) => r.id)])).toEqual([
      ['Everywhere', ['edit.undo', 'edit.redo']],
      ['Score', ['score.split', 'score.merge', 'score.play']],
    ]);
    expect(sections[0]!.rows[1]!.keys).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    expect(sections[0]!.rows[0]!.enabled).toBe(false);
  });

  it('shows keys the macOS way on macOS', () => {
    expect(sheetSections(COMMANDS, 'redo', 'mac')[0]!.rows[0]!.keys).toEqual(['⇧⌘Z', '⌘Y']);
  });

  it.each([
    ['split', ['score.split']],
    ['ctrl z', ['edit.undo', 'edit.redo']],
    ['ctrl+y', ['edit.redo']],
    ['SCORE pause', ['score.play']],
    ['play', ['score.split', 'score.play']],
    ['playback', ['score.play']],
    ['zzz', []],
  ])('finds %j', (query, ids) => {
    const found = sheetSections(COMMANDS, query, 'mac').flatMap((s) => s.rows.map((r) => r.id));
    expect(found).toEqual(ids);
  });
});

describe('sheetSections on another layout', () => {
  it('labels letters as the keyboard prints them', () => {
    const azerty = new Map([['KeyZ', 'w']]);
    const undo = sheetSections(COMMANDS, 'undo', 'other', azerty)[0]!.rows[0]!;
    expect(undo.keys).toEqual(['Ctrl+W']);
  });
});
