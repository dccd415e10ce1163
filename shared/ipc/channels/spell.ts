import { z } from 'zod';

const language = z.string().min(2).max(20);
const word = z.string().min(1).max(100);

/**
 * IPC request channels of spell checking (composed into requestChannels in ../contract). The
 * dictionaries are files main reads, so checking runs there, in a worker thread
 * (docs/decisions/085-spell-check-in-main.md); the renderer sends words, never whole texts.
 */
export const spellChannels = {
  /**
   * Which of `words` the language's dictionary does not know (repeats kept, in order).
   * `available: false` means there is no dictionary for that language: not an error.
   */
  'spell:check': {
    request: z.object({ language, words: z.array(word).max(5000) }).strict(),
    response: z.discriminatedUnion('available', [
      z.object({
        available: z.literal(true),
        language: z.string(),
        misspelled: z.array(z.string()),
      }),
      z.object({ available: z.literal(false), language: z.string() }),
    ]),
  },
  /** Up to eight corrections for a word, best first; empty without a dictionary. */
  'spell:suggest': {
    request: z.object({ language, word }).strict(),
    response: z.object({ suggestions: z.array(z.string()) }),
  },
} as const;
