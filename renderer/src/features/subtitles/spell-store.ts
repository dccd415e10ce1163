import { create } from 'zustand';
import { invokeResult } from '../../bridge/invoke';

/** What the renderer knows of one language's dictionary. */
export interface SpellLanguage {
  /** null until main answered whether a dictionary exists. */
  available: boolean | null;
  /** Words main checked: true when misspelled. Each word is asked once per language. */
  wrong: ReadonlyMap<string, boolean>;
  /** Set when main failed to check (shown once, with what to do). */
  error?: string;
}

/** The word whose suggestions are open. */
export interface SpellTarget {
  cueId: string;
  language: string;
  word: string;
}

interface SpellState {
  languages: Readonly<Record<string, SpellLanguage>>;
  target: SpellTarget | null;
  set: (patch: Partial<Pick<SpellState, 'target'>>) => void;
}

/** Spell answers per language and word: view state, never part of the document or undo. */
export const useSpell = create<SpellState>()((set) => ({
  languages: {},
  target: null,
  set: (patch) => set(patch),
}));

const EMPTY: SpellLanguage = { available: null, wrong: new Map() };
const queued = new Map<string, Set<string>>();
const inFlight = new Map<string, Set<string>>();
let timer: ReturnType<typeof setTimeout> | null = null;
let firstQueuedAt = 0;

/**
 * Words are asked for once requests pause this long: rows drawn together (a scroll, an import)
 * make one request, and a word being typed is asked about when the typing stops, not once per
 * letter ("a", "ad", "ade", …), each answer a store update and a redraw inside a keystroke.
 */
const SETTLE_MS = 150;
/** …but never later than this after the first word waiting, so steady typing still gets answers. */
const MAX_WAIT_MS = 600;

/** Asks main about the words of `language` not known yet, gathered into one request per language. */
export function requestSpelling(language: string, words: readonly string[]): void {
  const state = useSpell.getState().languages[language] ?? EMPTY;
  if (state.available === false || state.error) return;
  const flying = inFlight.get(language);
  const wanted = words.filter((w) => !state.wrong.has(w) && !flying?.has(w));
  if (wanted.length === 0) return;
  const set = queued.get(language) ?? new Set<string>();
  for (const word of wanted) set.add(word);
  queued.set(language, set);
  const now = performance.now();
  if (timer) clearTimeout(timer);
  else firstQueuedAt = now;
  timer = setTimeout(flush, Math.max(0, Math.min(SETTLE_MS, firstQueuedAt + MAX_WAIT_MS - now)));
}

const BATCH = 5000;

function flush(): void {
  timer = null;
  for (const [language, words] of queued) {
    queued.delete(language);
    const list = [...words].slice(0, BATCH);
    if (words.size > BATCH) queued.set(language, new Set([...words].slice(BATCH)));
    void ask(language, list);
  }
  if (queued.size > 0) {
    firstQueuedAt = performance.now();
    timer = setTimeout(flush, SETTLE_MS);
  }
}

async function ask(language: string, words: string[]): Promise<void> {
  const flying = inFlight.get(language) ?? new Set<string>();
  for (const word of words) flying.add(word);
  inFlight.set(language, flying);
  const answer = await invokeResult('spell:check', { language, words });
  for (const word of words) flying.delete(word);
  useSpell.setState((state) => {
    const current = state.languages[language] ?? EMPTY;
    let next: SpellLanguage;
    if (!answer.ok) next = { ...current, error: answer.error.message };
    else if (!answer.value.available) next = { ...current, available: false };
    else {
      const wrong = new Map(current.wrong);
      const misspelled = new Set(answer.value.misspelled);
      for (const word of words) wrong.set(word, misspelled.has(word));
      next = { available: true, wrong };
    }
    return { languages: { ...state.languages, [language]: next } };
  });
}
