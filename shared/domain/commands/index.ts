/**
 * Commands as data (command.ts): `Command` {id, label, keys, scope, allowInText?, group?},
 * `findCommand(commands, keyEventLike, {inText, scopes, platform})`, `duplicateBindings`.
 * Chords (chord.ts): `parseChord`, `matchChord`, `formatChord`; 'Ctrl' is Cmd on macOS and
 * letters match by KeyboardEvent.code.
 */
export * from './chord';
export * from './command';
