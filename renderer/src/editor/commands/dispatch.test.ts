import { describe, expect, it } from 'vitest';
import type { KeyEventLike } from '../../../../shared/domain/commands';
import {
  commandForKey,
  commandForMenu,
  isEditableTarget,
  leavesField,
  menuCommands,
  type TargetLike,
} from './dispatch';
import { createCommandRegistry, type RunnableCommand } from './registry';

const key = (code: string, keyText: string, mods: Partial<KeyEventLike> = {}) => ({
  code,
  key: keyText,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const body: TargetLike = { tagName: 'BODY', closest: () => null };
const textarea: TargetLike = { tagName: 'TEXTAREA', closest: () => null };
const inDialog: TargetLike = {
  tagName: 'INPUT',
  type: 'search',
  closest: (s) => (s.includes('aria-modal') ? {} : null),
};
/** A button inside a native <dialog> opened with showModal() (no aria-modal attribute). */
const inNativeDialog: TargetLike = {
  tagName: 'BUTTON',
  closest: (s) => (s.split(',').some((part) => part.trim() === 'dialog[open]') ? {} : null),
};

function setup() {
  const registry = createCommandRegistry();
  const ran: string[] = [];
  let canUndo = false;
  const cmd = (data: Omit<RunnableCommand, 'run'>): RunnableCommand => ({
    ...data,
    run: () => ran.push(data.id),
  });
  const offGlobal = registry.getState().register('global', [
    cmd({
      id: 'edit.undo',
      label: 'Undo',
      keys: ['Ctrl+Z'],
      scope: 'global',
      enabled: () => canUndo,
    }),
    cmd({
      id: 'go.jobs',
      label: 'Go to Jobs',
      keys: ['Alt+4'],
      scope: 'global',
      allowInText: true,
    }),
    cmd({ id: 'help', label: 'Shortcuts', keys: ['?'], scope: 'global' }),
  ]);
  return { registry, ran, offGlobal, cmd, setCanUndo: (value: boolean) => (canUndo = value) };
}

describe('commandForKey', () => {
  it('runs the matching enabled command and nothing for unbound keys', () => {
    const { registry, setCanUndo } = setup();
    const undoKey = { ...key('KeyZ', 'z', { ctrlKey: true }), target: body };
    expect(commandForKey(registry.getState(), undoKey, 'other')).toBeNull();
    setCanUndo(true);
    expect(commandForKey(registry.getState(), undoKey, 'other')?.id).toBe('edit.undo');
    expect(
      commandForKey(registry.getState(), { ...key('KeyQ', 'q'), target: body }, 'other'),
    ).toBeNull();
  });

  it('sees a screen’s commands only while it is registered, newest scope first', () => {
    const { registry, cmd } = setup();
    const split = { ...key('KeyS', 's'), target: body };
    expect(commandForKey(registry.getState(), split, 'other')).toBeNull();
    const off = registry
      .getState()
      .register('score', [cmd({ id: 'score.split', label: 'Split', keys: ['S'], scope: 'score' })]);
    expect(commandForKey(registry.getState(), split, 'other')?.id).toBe('score.split');
    off();
    expect(commandForKey(registry.getState(), split, 'other')).toBeNull();
  });

  it('keeps bare keys out of text fields and leaves keys in a modal to the dialog', () => {
    const { registry } = setup();
    const question = key('Slash', '?', { shiftKey: true });
    expect(commandForKey(registry.getState(), { ...question, target: body }, 'other')?.id).toBe(
      'help',
    );
    expect(
      commandForKey(registry.getState(), { ...question, target: textarea }, 'other'),
    ).toBeNull();
    const alt4 = key('Digit4', '4', { altKey: true });
    expect(commandForKey(registry.getState(), { ...alt4, target: textarea }, 'other')?.id).toBe(
      'go.jobs',
    );
    expect(commandForKey(registry.getState(), { ...alt4, target: inDialog }, 'other')).toBeNull();
    expect(
      commandForKey(registry.getState(), { ...question, target: inNativeDialog }, 'other'),
    ).toBeNull();
    expect(
      commandForKey(
        registry.getState(),
        { ...alt4, target: body, defaultPrevented: true },
        'other',
      ),
    ).toBeNull();
  });
});

describe('focused controls keep their own keys', () => {
  const slider: TargetLike = { tagName: 'INPUT', type: 'range', closest: () => null };
  const select: TargetLike = { tagName: 'SELECT', closest: () => null };
  const button: TargetLike = { tagName: 'BUTTON', closest: () => null };
  const summary: TargetLike = { tagName: 'SUMMARY', closest: () => null };
  const checkbox: TargetLike = { tagName: 'INPUT', type: 'checkbox', closest: () => null };
  const link: TargetLike = { tagName: 'A', href: 'https://example.com/', closest: () => null };
  // A custom widget (a timeline segment, the Dub grid) handles its own keys and marks them.
  const widget: TargetLike = { tagName: 'DIV', closest: () => null };

  function withScreenKeys() {
    const { registry, cmd, setCanUndo } = setup();
    registry
      .getState()
      .register('score', [
        cmd({ id: 'play', label: 'Play', keys: ['Space'], scope: 'score' }),
        cmd({ id: 'open', label: 'Open', keys: ['Enter'], scope: 'score' }),
        cmd({ id: 'split', label: 'Split', keys: ['S'], scope: 'score' }),
        cmd({ id: 'zoom', label: 'Zoom', keys: ['F9'], scope: 'score' }),
      ]);
    setCanUndo(true);
    return (event: ReturnType<typeof key>, target: TargetLike) =>
      commandForKey(registry.getState(), { ...event, target }, 'other')?.id ?? null;
  }

  it('a slider or select lets Ctrl+Z undo the edit it made, but keeps its bare keys', () => {
    const run = withScreenKeys();
    const undo = key('KeyZ', 'z', { ctrlKey: true });
    for (const target of [slider, select]) {
      expect(run(undo, target)).toBe('edit.undo');
      expect(run(key('KeyS', 's'), target)).toBeNull();
      expect(run(key('Space', ' '), target)).toBeNull();
      expect(run(key('F9', 'F9'), target)).toBe('zoom');
    }
    expect(run(undo, textarea)).toBeNull();
  });

  it('Space and Enter press the focused button, box, link or disclosure; others still act', () => {
    const run = withScreenKeys();
    for (const target of [button, summary, checkbox, link]) {
      expect(run(key('Space', ' '), target)).toBeNull();
      expect(run(key('Enter', 'Enter'), target)).toBeNull();
      expect(run(key('KeyS', 's'), target)).toBe('split');
    }
    expect(run(key('Space', ' '), widget)).toBe('play');
    expect(run(key('Enter', 'Enter'), body)).toBe('open');
  });
});

describe('commandForMenu', () => {
  it('runs menu commands, but not a text-field chord while typing', () => {
    const { registry, setCanUndo } = setup();
    setCanUndo(true);
    expect(commandForMenu(registry.getState(), 'edit.undo', body)?.id).toBe('edit.undo');
    expect(commandForMenu(registry.getState(), 'edit.undo', textarea)).toBeNull();
    expect(commandForMenu(registry.getState(), 'go.jobs', textarea)?.id).toBe('go.jobs');
    // A slider has no undo of its own: the menu's Undo is the app's.
    const slider = { tagName: 'INPUT', type: 'range' };
    expect(commandForMenu(registry.getState(), 'edit.undo', slider)?.id).toBe('edit.undo');
    expect(commandForMenu(registry.getState(), 'nope', body)).toBeNull();
  });

  it('lists the live commands for the native menu with their enabled state', () => {
    const { registry } = setup();
    const listed = menuCommands(registry.getState());
    expect(listed.map((c) => [c.id, c.enabled])).toEqual([
      ['edit.undo', false],
      ['go.jobs', true],
      ['help', true],
    ]);
    expect(Object.keys(listed[0]!).sort()).toEqual([
      'enabled',
      'group',
      'id',
      'keys',
      'label',
      'scope',
    ]);
  });
});

describe('isEditableTarget', () => {
  it.each<[TargetLike | null, boolean]>([
    [{ tagName: 'INPUT', type: 'text' }, true],
    [{ tagName: 'INPUT' }, true],
    [{ tagName: 'INPUT', type: 'range' }, true],
    [{ tagName: 'INPUT', type: 'checkbox' }, false],
    [{ tagName: 'TEXTAREA' }, true],
    [{ tagName: 'SELECT' }, true],
    [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'BUTTON' }, false],
    [null, false],
  ])('%j -> %s', (target, expected) => {
    expect(isEditableTarget(target)).toBe(expected);
  });
});

describe('leavesField', () => {
  it('lets Esc take focus out of a text field unless the field or a dialog used it', () => {
    expect(leavesField({ key: 'Escape', target: textarea })).toBe(true);
    expect(leavesField({ key: 'Escape', target: textarea, defaultPrevented: true })).toBe(false);
    expect(leavesField({ key: 'Escape', target: inDialog })).toBe(false);
    expect(leavesField({ key: 'Escape', target: body })).toBe(false);
    expect(leavesField({ key: 'a', target: textarea })).toBe(false);
  });
});
