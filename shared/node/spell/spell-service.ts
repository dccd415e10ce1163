import { Worker } from 'node:worker_threads';
import { dictionaryFiles, nspellEntry, spellLanguage, type DictionaryFiles } from './dictionaries';
import { SPELL_WORKER_SOURCE } from './spell-worker-source';

export type SpellCheckAnswer =
  | { available: true; language: string; misspelled: string[] }
  | { available: false; language: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Spell checking with nspell and the dictionary-* packages, in one worker thread that loads each
 * language's dictionary the first time it is asked and keeps it. Answers per word are cached
 * here, so a word is sent to the worker once per language.
 */
export class SpellService {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly known = new Map<string, Map<string, boolean>>();

  /** Which of `words` the language's dictionary does not know; `available: false` without one. */
  async check(language: string, words: readonly string[]): Promise<SpellCheckAnswer> {
    const code = spellLanguage(language);
    const files = dictionaryFiles(code);
    if (!files) return { available: false, language: code };
    const cache = this.known.get(code) ?? new Map<string, boolean>();
    this.known.set(code, cache);
    const unknown = [...new Set(words.filter((word) => !cache.has(word)))];
    if (unknown.length > 0) {
      const wrong = new Set(
        (await this.ask({ op: 'check', language: code, files, words: unknown })) as string[],
      );
      for (const word of unknown) cache.set(word, !wrong.has(word));
    }
    return { available: true, language: code, misspelled: words.filter((w) => !cache.get(w)) };
  }

  /** Up to eight corrections for `word`, best first (empty without a dictionary). */
  async suggest(language: string, word: string): Promise<string[]> {
    const code = spellLanguage(language);
    const files = dictionaryFiles(code);
    if (!files) return [];
    return (await this.ask({ op: 'suggest', language: code, files, word })) as string[];
  }

  /** Stops the worker (tests; the app lets it end with the process). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private ask(message: {
    op: 'check' | 'suggest';
    language: string;
    files: DictionaryFiles;
    words?: string[];
    word?: string;
  }): Promise<unknown> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(SPELL_WORKER_SOURCE, {
      eval: true,
      workerData: { nspellEntry: nspellEntry() },
    });
    // The worker must never keep the app (or a test) alive on its own.
    worker.unref();
    worker.on(
      'message',
      (answer: { id: number; ok: boolean; value?: unknown; message?: string }) => {
        const waiting = this.pending.get(answer.id);
        if (!waiting) return;
        this.pending.delete(answer.id);
        if (answer.ok) waiting.resolve(answer.value);
        else waiting.reject(new Error(answer.message ?? 'spell check failed'));
      },
    );
    const failAll = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (this.pending.size > 0) failAll(new Error(`The spell checker stopped (code ${code}).`));
      this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
