/**
 * The spell worker's program, run with `new Worker(source, { eval: true })` so it needs no
 * bundle entry of its own: it requires nspell by the absolute path main resolved. Loading a
 * dictionary takes from a fraction of a second (en) to many seconds (fr, pt, tr), which must
 * not stall main's IPC (docs/decisions/085-spell-check-in-main.md).
 *
 * Messages in: { id, op: 'check', language, files: {aff, dic}, words } or
 * { id, op: 'suggest', language, files, word }. Out: { id, ok: true, value } or
 * { id, ok: false, message }.
 */
export const SPELL_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const nspell = require(workerData.nspellEntry);
const checkers = new Map();
function checker(language, files) {
  let found = checkers.get(language);
  if (!found) {
    found = nspell(fs.readFileSync(files.aff), fs.readFileSync(files.dic));
    checkers.set(language, found);
  }
  return found;
}
// A hyphenated compound (forty-two, well-known) is right when each of its parts is: Hunspell
// dictionaries list few compounds, and writers coin them freely.
function isCorrect(spell, word) {
  if (spell.correct(word)) return true;
  const parts = word.split('-');
  return parts.length > 1 && parts.every((part) => part !== '' && spell.correct(part));
}
parentPort.on('message', (message) => {
  try {
    const spell = checker(message.language, message.files);
    const value =
      message.op === 'check'
        ? message.words.filter((word) => !isCorrect(spell, word))
        : spell.suggest(message.word).slice(0, 8);
    parentPort.postMessage({ id: message.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: String(error && error.message || error) });
  }
});
`;
