import { useBriefChoice, chooseVariation } from './brief-choice';
import { useScoreStore } from './score-store';

/** Long variation prompts are cut in the option so the select stays one line wide. */
function shortPrompt(prompt: string): string {
  return prompt.length > 60 ? `${prompt.slice(0, 57)}…` : prompt;
}

/**
 * After Analyse, lets the user pick which of the brief's variations scores the piece; shown
 * only when there is a real choice (more than one variation) for the open project.
 */
export function BriefVariations() {
  const projectPath = useScoreStore((s) => s.project?.path);
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const { variations, chosen, projectPath: briefProject } = useBriefChoice();
  // A read-only project cannot take the change, so there is nothing to choose.
  if (readOnly || briefProject !== projectPath || variations.length < 2) return null;
  return (
    <label className="field score-variation">
      <span className="field__label">Variation</span>
      <select
        className="select score-action__select"
        aria-label="Brief variation"
        data-testid="score-brief-variation"
        value={chosen}
        title="Replaces both lanes (Ctrl+Z brings them back)"
        onChange={(e) => chooseVariation(Number(e.target.value))}
      >
        {variations.map((prompt, index) => (
          <option key={index} value={index}>
            {`${index + 1}: ${shortPrompt(prompt)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
