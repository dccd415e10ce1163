import { useState } from 'react';
import { MusicPanel } from '../../editor/music/MusicPanel';
import { TakeActionProvider } from '../../editor/music/take-actions';
import { usePlaceFromPanel } from './use-place-from-panel';
import { ScoreTools } from './ScoreTools';

/**
 * Text-only generation (the Music form and the other sound tools) kept beside the timeline as
 * "prompt panels": for a sting, a bed or an effect that does not follow the picture.
 */
export function PromptPanels({ collapsible = false }: { collapsible?: boolean }) {
  const [open, setOpen] = useState(!collapsible);
  const place = usePlaceFromPanel();
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn--ghost score-prompts__toggle"
        onClick={() => setOpen(true)}
      >
        Prompt panels: music and sound from text…
      </button>
    );
  }
  return (
    <section className="score-prompts" aria-label="Prompt panels">
      {collapsible && (
        <div className="row row--between">
          <h3 className="score-prompts__title">Prompt panels</h3>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => setOpen(false)}
          >
            Hide
          </button>
        </div>
      )}
      <TakeActionProvider action={place}>
        <MusicPanel />
        <ScoreTools />
      </TakeActionProvider>
    </section>
  );
}
