import { z } from 'zod';
import {
  chordId,
  matchChord,
  parseChord,
  type Chord,
  type ChordParse,
  type KeyEventLike,
  type Platform,
} from './chord';

/**
 * Editor commands as data: every user action that has a key or a menu item is one Command, and
 * one registry of them feeds the key dispatcher, the shortcuts sheet (?) and the native menu.
 * What a command does (`run`) and when it is possible (`enabled`) live with the screen that
 * registers it; this file holds only what can be compared, listed and sent over IPC.
 */
export const COMMAND_SCOPES = ['global', 'score', 'subtitles', 'dub'] as const;
export type CommandScope = (typeof COMMAND_SCOPES)[number];

export const commandSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(100),
  /** Chords such as 'Ctrl+Shift+Z' or 'Space' (see chord.ts); the first is the one shown. */
  keys: z.array(z.string().min(1).max(40)).max(8),
  scope: z.enum(COMMAND_SCOPES),
  /** Acts even while typing in a text field (e.g. Ctrl+Enter to generate). */
  allowInText: z.boolean().optional(),
  /** Menu and sheet heading, e.g. 'Edit', 'Playback', 'Go'. */
  group: z.string().max(40).optional(),
});
export type Command = z.infer<typeof commandSchema>;

export interface FindOptions {
  /** Whether focus is in an editable element (input, textarea, contenteditable). */
  inText: boolean;
  /** The scopes active now, most specific first (e.g. ['score', 'global']). */
  scopes: readonly CommandScope[];
  platform: Platform;
}

/**
 * Chords that edit text in a field on some platform (select all, clipboard, undo, word and
 * line moves): a command bound to one of them never takes it from a text field, so typing
 * keeps working as users expect, unless the command says allowInText.
 */
const TEXT_EDITING = new Set(
  [
    'Ctrl+A',
    'Ctrl+C',
    'Ctrl+V',
    'Ctrl+X',
    'Ctrl+Z',
    'Ctrl+Y',
    'Ctrl+Shift+Z',
    'Ctrl+Backspace',
    'Ctrl+Delete',
    'Alt+Backspace',
    ...['Left', 'Right', 'Up', 'Down', 'Home', 'End'].flatMap((key) => [
      `Ctrl+${key}`,
      `Ctrl+Shift+${key}`,
      `Alt+${key}`,
      `Alt+Shift+${key}`,
    ]),
  ].map((text) => chordId(parseOrThrow(text))),
);

function parseOrThrow(text: string): Chord {
  const parsed = parseChord(text);
  if (!parsed.ok) throw new Error(parsed.message); // only for the constant table above
  return parsed.chord;
}

/**
 * Whether a chord may act while focus is in a text field: only chords with Ctrl/Cmd or Alt, or
 * F-keys, and never the text-editing ones. Bare letters, Space, arrows, Delete type or move.
 */
export function actsInText(chord: Chord): boolean {
  if (chord.code !== null && /^F\d+$/.test(chord.code)) return true;
  if (!chord.primary && !chord.alt) return false;
  return !TEXT_EDITING.has(chordId(chord));
}

/**
 * Chords parsed once per text: findCommands runs on every key press over every binding, and the
 * bindings are a fixed, small set of strings.
 */
const parsedChords = new Map<string, ChordParse>();
function chordOf(text: string): ChordParse {
  let parsed = parsedChords.get(text);
  if (!parsed) {
    parsed = parseChord(text);
    parsedChords.set(text, parsed);
  }
  return parsed;
}

/**
 * The commands a key event triggers, best first: active scopes in the order given, then the
 * registry's order. The dispatcher runs the first one that is enabled.
 */
export function findCommands<C extends Command>(
  commands: readonly C[],
  event: KeyEventLike,
  { inText, scopes, platform }: FindOptions,
): C[] {
  const found: { command: C; rank: number }[] = [];
  for (const command of commands) {
    const rank = scopes.indexOf(command.scope);
    if (rank === -1) continue;
    const hit = command.keys.some((text) => {
      const parsed = chordOf(text);
      if (!parsed.ok || !matchChord(parsed.chord, event, platform)) return false;
      return !inText || command.allowInText === true || actsInText(parsed.chord);
    });
    if (hit) found.push({ command, rank });
  }
  return found.sort((a, b) => a.rank - b.rank).map((entry) => entry.command);
}

/** The command a key event triggers, or null. */
export function findCommand<C extends Command>(
  commands: readonly C[],
  event: KeyEventLike,
  options: FindOptions,
): C | null {
  return findCommands(commands, event, options)[0] ?? null;
}

export interface BindingProblem {
  commandId: string;
  /** The chord as written. */
  keys: string;
  kind: 'unparsable' | 'duplicate';
  message: string;
}

/**
 * Chords that cannot be parsed, and chords bound twice where both would be live at once: in the
 * same scope, or in a workspace scope and global. Score and Subtitles may share keys: they are
 * never active together.
 */
export function duplicateBindings(commands: readonly Command[]): BindingProblem[] {
  const problems: BindingProblem[] = [];
  const owners = new Map<string, Command[]>();
  for (const command of commands) {
    for (const keys of command.keys) {
      const parsed = parseChord(keys);
      if (!parsed.ok) {
        problems.push({ commandId: command.id, keys, kind: 'unparsable', message: parsed.message });
        continue;
      }
      const id = chordId(parsed.chord);
      const earlier = (owners.get(id) ?? []).find(
        (other) =>
          other.id !== command.id &&
          (other.scope === command.scope || other.scope === 'global' || command.scope === 'global'),
      );
      if (earlier) {
        problems.push({
          commandId: command.id,
          keys,
          kind: 'duplicate',
          message: `${id} is bound to both “${earlier.label}” (${earlier.scope}) and “${command.label}” (${command.scope}).`,
        });
      }
      owners.set(id, [...(owners.get(id) ?? []), command]);
    }
  }
  return problems;
}
