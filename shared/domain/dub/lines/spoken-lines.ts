import type { Cue } from '../../subtitles/cue';

/** What a line edit says about a cue (electron/main/services/dub-lines/edits-log.ts). */
export interface SpokenEdit {
  cueId: string;
  text: string;
  state: 'pending' | 'spliced' | 'failed';
}

/**
 * The words each re-dubbed line speaks now: the last spliced edit of each cue, with edits in the
 * order they went into the dub (the edits log's order). Pending and failed edits are not in the
 * audio, so they do not count.
 */
export function spokenTexts(edits: readonly SpokenEdit[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const edit of edits) if (edit.state === 'spliced') texts.set(edit.cueId, edit.text);
  return texts;
}

/**
 * Cues with the words the dub speaks: a re-dubbed line's text replaced, its times kept. Cue ids
 * are positions, so the approved script's ids name the same lines in the service's re-timed .srt.
 */
export function withSpokenLines(cues: readonly Cue[], edits: readonly SpokenEdit[]): Cue[] {
  const texts = spokenTexts(edits);
  return cues.map((cue) => {
    const text = texts.get(cue.id);
    return text === undefined ? cue : { ...cue, text };
  });
}
