import { z } from 'zod';
import { LANGUAGE_CODES } from '../../api/languages';

const filePath = z.string().min(1).max(4096);

/** One line of a finished cell (docs/dubbing.md "Re-dub one line"). */
const lineRef = z
  .object({
    /** The original video the cell dubbed. */
    video: filePath,
    /** The cell's dubbed video (its job's `outputs.<lang>` file): spliced in place. */
    dub: filePath,
    /** The approved script the cell was dubbed from. */
    script: filePath,
    language: z.enum(LANGUAGE_CODES),
    cueId: z.string().min(1).max(200),
    /** The line's words as they should be spoken. */
    text: z.string().max(2000),
    ducking: z.boolean(),
  })
  .strict();

export const lineQuoteSchema = z.object({
  /** The window re-dubbed, ms in the full video. */
  startMs: z.number(),
  endMs: z.number(),
  /** The window clip's length as the service bills it. */
  seconds: z.number(),
  /** The exact price, USD (the service's minimum and the account's discount included). */
  amount: z.number(),
  /** The same as a decimal string with the service's four places. */
  amountText: z.string(),
  explanation: z.string(),
});
export type LineQuote = z.infer<typeof lineQuoteSchema>;

export const lineEditViewSchema = z.object({
  id: z.string(),
  cueId: z.string(),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  amount: z.number(),
  jobId: z.string().optional(),
  state: z.enum(['pending', 'spliced', 'failed']),
  error: z.string().optional(),
});

const editsAnswer = z.object({
  edits: z.array(lineEditViewSchema),
  /** Changes whenever the dub file is replaced (players reload on it). */
  version: z.number(),
});

/**
 * IPC channels of line re-dubbing (composed into requestChannels in ../contract): the price of
 * a line's window before anything is sent, the re-dub itself (one job through the runner and
 * the Dub queue), the dub's edit stack and undo.
 */
export const dubLinesChannels = {
  'dub:lineQuote': {
    paths: { video: 'read', dub: 'read', script: 'read' },
    request: lineRef,
    response: lineQuoteSchema,
  },
  'dub:lineRedub': {
    paths: { video: 'read', dub: 'read', script: 'read' },
    request: lineRef,
    response: z.object({ edit: lineEditViewSchema, quote: lineQuoteSchema }),
  },
  'dub:lineEdits': {
    paths: { dub: 'read' },
    request: z.object({ dub: filePath }).strict(),
    response: editsAnswer,
  },
  'dub:lineUndo': {
    paths: { dub: 'read' },
    request: z.object({ dub: filePath }).strict(),
    response: editsAnswer,
  },
} as const;

export const dubLinesEvents = {
  /** A dub file was spliced or restored, or one of its line edits changed state. */
  'dub:linesChanged': z.object({ dub: z.string() }),
} as const;
