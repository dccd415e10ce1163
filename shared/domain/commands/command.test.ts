import { describe, expect, it } from 'vitest';
import type { KeyEventLike } from './chord';
import {
  duplicateBindings,
  findCommand,
  findCommands,
  type Command,
  type FindOptions,
} from './command';

const key = (code: string, keyText: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  code,
  key: keyText,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

const COMMANDS: Command[] = [
  { id: 'undo', label: 'Undo', keys: ['Ctrl+Z'], scope: 'global' },
  { id: 'redo', label: 'Redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], scope: 'global' },
  { id: 'screen.score', label: 'Go to Score', keys: ['Alt+1'], scope: 'global' },
  { id: 'shortcuts', label: 'Keyboard shortcuts', keys: ['?'], scope: 'global' },
  { id: 'score.split', label: 'Split at playhead', keys: ['S'], scope: 'score' },
  { id: 'score.generate', label: 'Generate', keys: ['Ctrl+Enter'], scope: 'score' },
  { id: 'score.prev-shot', label: 'Previous shot change', keys: ['Alt+Left'], scope: 'score' },
  {
    id: 'subtitles.play',
    label: 'Play',
    keys: ['Ctrl+Space'],
    scope: 'subtitles',
    allowInText: true,
  },
  { id: 'subtitles.end', label: 'End at playhead', keys: ['F12'], scope: 'subtitles' },
];
const score: FindOptions = { inText: false, scopes: ['score', 'global'], platform: 'other' };
const inText: FindOptions = { ...score, inText: true };
const found = (event: KeyEventLike, options = score) =>
  findCommand(COMMANDS, event, options)?.id ?? null;

describe('findCommand', () => {
  it('finds commands of the active scopes only', () => {
    expect(found(key('KeyS', 's'))).toBe('score.split');
    expect(found(key('KeyS', 's'), { ...score, scopes: ['subtitles', 'global'] })).toBeNull();
    expect(found(key('KeyY', 'y', { ctrlKey: true }))).toBe('redo');
    expect(found(key('Digit1', '1', { altKey: true }))).toBe('screen.score');
  });

  it('never lets bare keys act while typing', () => {
    expect(found(key('KeyS', 's'), inText)).toBeNull();
    expect(found(key('Slash', '?', { shiftKey: true }), inText)).toBeNull();
  });

  it('leaves text-editing chords to the text field', () => {
    expect(found(key('KeyZ', 'z', { ctrlKey: true }), inText)).toBeNull();
    expect(found(key('KeyZ', 'Z', { ctrlKey: true, shiftKey: true }), inText)).toBeNull();
    expect(found(key('ArrowLeft', 'ArrowLeft', { altKey: true }), inText)).toBeNull();
  });

  it('lets other modified chords and F-keys act while typing', () => {
    expect(found(key('Enter', 'Enter', { ctrlKey: true }), inText)).toBe('score.generate');
    expect(found(key('Digit1', '1', { altKey: true }), inText)).toBe('screen.score');
    const subtitles: FindOptions = { ...inText, scopes: ['subtitles', 'global'] };
    expect(found(key('F12', 'F12'), subtitles)).toBe('subtitles.end');
  });

  it('lets a command opt in to acting in text', () => {
    const subtitles: FindOptions = { ...inText, scopes: ['subtitles', 'global'] };
    expect(found(key('Space', ' ', { ctrlKey: true }), subtitles)).toBe('subtitles.play');
  });

  it('ranks the most specific scope first', () => {
    const both: Command[] = [
      { id: 'global.x', label: 'X', keys: ['Ctrl+E'], scope: 'global' },
      { id: 'score.export', label: 'Export', keys: ['Ctrl+E'], scope: 'score' },
    ];
    const ids = findCommands(both, key('KeyE', 'e', { ctrlKey: true }), score).map((c) => c.id);
    expect(ids).toEqual(['score.export', 'global.x']);
  });

  it('skips chords it cannot read instead of throwing', () => {
    const broken: Command[] = [{ id: 'bad', label: 'Bad', keys: ['Hyper+K'], scope: 'global' }];
    expect(findCommand(broken, key('KeyK', 'k'), score)).toBeNull();
  });
});

describe('duplicateBindings', () => {
  it('finds nothing in a clean registry; Score and Subtitles may share keys', () => {
    expect(duplicateBindings(COMMANDS)).toEqual([]);
    const shared: Command[] = [
      { id: 'a', label: 'A', keys: ['Space'], scope: 'score' },
      { id: 'b', label: 'B', keys: ['Space'], scope: 'subtitles' },
    ];
    expect(duplicateBindings(shared)).toEqual([]);
  });

  it('reports a chord bound twice in one scope or against global, however written', () => {
    const clash: Command[] = [
      ...COMMANDS,
      { id: 'score.redo2', label: 'Again', keys: ['shift+ctrl+z'], scope: 'score' },
      { id: 'score.cut', label: 'Cut', keys: ['s'], scope: 'score' },
    ];
    expect(duplicateBindings(clash)).toEqual([
      expect.objectContaining({ commandId: 'score.redo2', kind: 'duplicate' }),
      expect.objectContaining({ commandId: 'score.cut', kind: 'duplicate' }),
    ]);
  });

  it('reports chords it cannot read', () => {
    const broken: Command[] = [{ id: 'bad', label: 'Bad', keys: ['Hyper+K'], scope: 'global' }];
    expect(duplicateBindings(broken)).toEqual([
      expect.objectContaining({ commandId: 'bad', kind: 'unparsable' }),
    ]);
  });
});
