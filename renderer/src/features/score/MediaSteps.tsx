import { CheckIcon } from '../../ui/icons';
import type { MediaStep } from './use-score-media';

/** What is still being read from the video (picture, waveform, shot changes), in parallel. */
export function MediaSteps({ steps }: { steps: MediaStep[] }) {
  if (steps.every((step) => step.state === 'done' || step.state === 'skipped')) return null;
  return (
    <ul className="media-steps" aria-label="Reading the video" data-testid="score-media-steps">
      {steps.map((step) => (
        <li key={step.label} data-state={step.state}>
          {step.state === 'done' ? (
            <CheckIcon />
          ) : step.state === 'pending' ? (
            <span className="spinner" aria-hidden="true" />
          ) : null}
          <span className="small">
            {step.label}
            {step.state === 'failed' && `: ${step.error}`}
            {step.state === 'skipped' && ': no audio track'}
          </span>
        </li>
      ))}
    </ul>
  );
}
