import { useEffect, useId } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { parseMarkup } from '../../../../shared/domain/subtitles/markup';
import { videoElement } from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';
import { useSubsView } from './subs-store';

/**
 * The playhead as the picture shows it. The transport store follows playback and the editor's
 * seeks; a seek made by other means (the native controls) only tells the video element, so its
 * `seeked`/`timeupdate` are copied into the store. These media events do not bubble: they are
 * caught on the way down (capture) at the document.
 */
function usePictureTime(): number {
  useEffect(() => {
    const onMediaTime = (event: Event) => {
      const video = videoElement();
      if (event.target !== video || !video) return;
      const ms = video.currentTime * 1000;
      if (Math.abs(useTransport.getState().playheadMs - ms) > 1)
        useTransport.getState().set({ playheadMs: ms });
    };
    document.addEventListener('seeked', onMediaTime, true);
    document.addEventListener('timeupdate', onMediaTime, true);
    return () => {
      document.removeEventListener('seeked', onMediaTime, true);
      document.removeEventListener('timeupdate', onMediaTime, true);
    };
  }, []);
  return useTransport((s) => s.playheadMs);
}

/** The cue on screen at `ms` (the latest-starting one when cues overlap). */
export function activeCue(cues: readonly Cue[], ms: number): Cue | null {
  let shown: Cue | null = null;
  for (const cue of cues)
    if (cue.startMs <= ms && ms < cue.endMs && cue.text.trim() !== '')
      if (!shown || cue.startMs >= shown.startMs) shown = cue;
  return shown;
}

/** The language on the picture: the one picked, else the first shown. */
function useOverlayLanguage(part: SubtitlesPart): string {
  const chosen = useSubsView((s) => s.overlayLanguage);
  const languages = part.shown.length > 0 ? part.shown : Object.keys(part.languages);
  return chosen && part.languages[chosen] ? chosen : (languages[0] ?? '');
}

/**
 * Which language the picture shows, when the script has several. It sits beside the picture,
 * never over it, so it hides no part of the image.
 */
export function OverlayLanguage({ part }: { part: SubtitlesPart }) {
  const language = useOverlayLanguage(part);
  const set = useSubsView((s) => s.set);
  const selectId = useId();
  if (Object.keys(part.languages).length < 2) return null;
  return (
    <div className="subs-overlay-language row small">
      <label htmlFor={selectId}>Subtitles on the picture</label>
      <select
        id={selectId}
        className="select subs-encoding__select"
        data-testid="subs-overlay-language"
        value={language}
        onChange={(event) => set({ overlayLanguage: event.target.value })}
      >
        {Object.keys(part.languages).map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The active cue's text over the picture, styled like a player (bottom centre, shadowed),
 * markup drawn as formatting, in the language chosen beside the picture (OverlayLanguage).
 * Follows playback and seeking.
 */
export function SubsOverlay({ part }: { part: SubtitlesPart }) {
  const language = useOverlayLanguage(part);
  const cue = activeCue(part.languages[language] ?? [], usePictureTime());
  if (!cue) return null;
  return (
    <div
      className="subs-overlay"
      data-testid="subs-overlay"
      data-cue-id={cue.id}
      lang={language}
      aria-live="off"
    >
      {parseMarkup(cue.text).map((run, i) => (
        <span
          key={i}
          style={{
            fontStyle: run.italic ? 'italic' : undefined,
            fontWeight: run.bold ? 700 : undefined,
            textDecoration: run.underline ? 'underline' : undefined,
            color: run.color ?? undefined,
          }}
        >
          {run.text}
        </span>
      ))}
    </div>
  );
}
