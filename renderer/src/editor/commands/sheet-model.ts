import {
  COMMAND_SCOPES,
  formatChord,
  parseChord,
  type Command,
  type CommandScope,
  type KeyboardLayout,
  type Platform,
} from '../../../../shared/domain/commands';

export interface SheetRow {
  id: string;
  label: string;
  group: string;
  /** Each chord as shown on this platform ('Ctrl+Shift+Z', '⇧⌘Z'). */
  keys: string[];
  enabled: boolean;
  allowInText: boolean;
}

export interface SheetSection {
  scope: CommandScope;
  title: string;
  rows: SheetRow[];
}

export const SCOPE_TITLES: Record<CommandScope, string> = {
  global: 'Everywhere',
  score: 'Score',
  subtitles: 'Subtitles',
  dub: 'Dub',
};

/**
 * The sheet's sections: commands grouped by scope (global first), by group within a scope, and
 * filtered by a query whose every word must appear in the label, group, scope or keys, so
 * "ctrl z" and "undo" both find Undo.
 */
export function sheetSections(
  commands: readonly (Command & { enabled: boolean })[],
  query: string,
  platform: Platform,
  layout?: KeyboardLayout,
): SheetSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return COMMAND_SCOPES.map((scope) => {
    const rows = commands
      .filter((command) => command.scope === scope && matches(command, words))
      .map((command) => toRow(command, platform, layout));
    const order = [...new Set(rows.map((row) => row.group))];
    rows.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
    return { scope, title: SCOPE_TITLES[scope], rows };
  }).filter((section) => section.rows.length > 0);
}

function toRow(
  command: Command & { enabled: boolean },
  platform: Platform,
  layout?: KeyboardLayout,
): SheetRow {
  return {
    id: command.id,
    label: command.label,
    group: command.group ?? 'Other',
    keys: command.keys.flatMap((text) => {
      const parsed = parseChord(text);
      return parsed.ok ? [formatChord(parsed.chord, platform, layout)] : [];
    }),
    enabled: command.enabled,
    allowInText: command.allowInText === true,
  };
}

/** Every word in the label, group, scope or keys ('Ctrl+Shift+Z' also as 'ctrl shift z'). */
function matches(command: Command, words: readonly string[]): boolean {
  const haystack = [
    command.label,
    command.group ?? '',
    SCOPE_TITLES[command.scope],
    ...command.keys,
    ...command.keys.map((key) => key.replace(/\+/g, ' ')),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
