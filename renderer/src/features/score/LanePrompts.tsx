import { LIMITS } from '../../../../shared/api/limits';
import type { PromptLane } from '../../../../shared/domain/project/document';
import { useScorePart, useScoreStore } from './score-store';

const LABELS: Record<PromptLane, string> = {
  music: 'Music style (whole piece)',
  sfx: 'Sound design (whole piece)',
};

function setLanePrompt(lane: PromptLane, text: string): void {
  useScoreStore.getState().edit(
    `Edit ${lane} style`,
    (part) => ({
      ...part,
      prompts: { music: part.prompts?.music ?? '', sfx: part.prompts?.sfx ?? '', [lane]: text },
    }),
    { coalesceKey: `lane-prompt:${lane}` },
  );
}

/**
 * The overall prompt of each lane (Analyse fills it with the chosen brief variation); sent
 * with Generate beside the lane's timed segments. Typing is one undo step per pause.
 */
export function LanePrompts() {
  const prompts = useScorePart().prompts;
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  return (
    <div className="lane-prompts">
      {(['music', 'sfx'] as const).map((lane) => (
        <label key={lane} className="field">
          <span className="field__label">{LABELS[lane]}</span>
          <textarea
            className="textarea"
            rows={3}
            maxLength={LIMITS.promptMaxChars}
            value={prompts?.[lane] ?? ''}
            readOnly={readOnly}
            data-testid={`score-prompt-${lane}`}
            placeholder={
              lane === 'music' ? 'e.g. warm strings, 90 BPM' : 'e.g. rainy street ambience'
            }
            onChange={(e) => setLanePrompt(lane, e.target.value)}
          />
        </label>
      ))}
    </div>
  );
}
