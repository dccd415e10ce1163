import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LIMITS } from '../../../../shared/api/limits';
import type { Job } from '../../../../shared/domain/jobs/job';
import { upsertJob } from '../../bridge/jobs-cache';
import { useCommands } from '../commands';
import { queryKeyFor, useApiMutation } from '../../bridge/query';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { SparkIcon } from '../../ui/icons';
import { buildMusicRequest, charCount, checkMusicForm } from './music-form';
import { useMusicDraft, useTakes } from './music-store';
import { DeliveryOptions } from './DeliveryOptions';
import { SegmentsEditor } from './SegmentsEditor';
import { EstimateLine } from '../tasks/EstimateLine';
import { musicGate, useCapabilities } from '../capabilities/use-capabilities';
import { useApiQuery } from '../../bridge/query';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
const { min: MIN_DURATION, max: MAX_DURATION } = LIMITS.textToMusicDuration;

/** Prompt, duration, segments and delivery for text-to-music, checked live before any request. */
export function MusicForm() {
  const draft = useMusicDraft();
  const addTake = useTakes((s) => s.addTake);
  const client = useQueryClient();
  const check = useMemo(() => checkMusicForm(draft), [draft]);
  const submit = useApiMutation('jobs:submit', {
    onSuccess: (job: Job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
      addTake(job.id);
    },
  });
  // A refused `jobs:submit` names the field inside its `request` (request.prompt).
  const serverField = submit.error?.field?.replace(/^request\./, '');
  // Main's answer names a field; prompt and duration show it there, anything else below.
  const shownAtField = serverField === 'prompt' || serverField === 'duration';
  // No synthesiser on this machine: say so before the user tries (docs/engine-notes.md 7).
  const engine = useApiQuery('engine:status', {}, { staleTime: 15_000 });
  const capabilities = useCapabilities();
  const unavailable = engine.data?.kind === 'local' ? musicGate(capabilities.data?.table) : null;
  const canGenerate = check.ok && !unavailable && !submit.isPending;

  const generate = () => {
    if (!canGenerate) return;
    // The local engine refuses stems (docs/engine-notes.md 6); its box is locked off there.
    const form = engine.data?.kind === 'local' ? { ...draft, stems: false } : draft;
    submit.mutate(buildMusicRequest(form));
  };
  // Ctrl/Cmd+Enter generates from anywhere on the Score screen, the prompt box included.
  useCommands('score', [
    {
      id: 'score.generate-music',
      label: 'Generate music from the prompt',
      keys: ['Ctrl+Enter'],
      scope: 'score',
      group: 'Generate',
      allowInText: true,
      run: generate,
      enabled: () => canGenerate,
    },
  ]);

  const promptLength = charCount(draft.prompt);
  const duration = Number.isFinite(draft.duration) ? draft.duration : '';

  return (
    <form
      className="music-form"
      aria-label="Music generation"
      onSubmit={(event) => {
        event.preventDefault();
        generate();
      }}
    >
      <Field
        label="Prompt"
        aside={`${promptLength} / ${LIMITS.textToMusicPromptMaxChars}`}
        asideOver={promptLength > LIMITS.textToMusicPromptMaxChars}
        error={
          check.prompt && draft.prompt !== ''
            ? check.prompt
            : serverField === 'prompt'
              ? submit.error?.message
              : undefined
        }
        help="Genre, mood, instruments, tempo: e.g. “slow cinematic strings swelling into a warm brass finale, 70 bpm”."
      >
        {(ids) => (
          <textarea
            id={ids.id}
            className="textarea music-form__prompt"
            data-testid="music-prompt"
            rows={5}
            value={draft.prompt}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            placeholder="Describe the music…"
            onChange={(e) => draft.set({ prompt: e.target.value })}
          />
        )}
      </Field>

      <Field
        label="Duration"
        aside="seconds"
        error={check.duration ?? (serverField === 'duration' ? submit.error?.message : undefined)}
      >
        {(ids) => (
          <div className="duration">
            <input
              id={ids.id}
              className="input input--num duration__number"
              data-testid="music-duration"
              type="number"
              min={MIN_DURATION}
              max={MAX_DURATION}
              step={1}
              value={duration}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) =>
                draft.set({ duration: e.target.value === '' ? Number.NaN : Number(e.target.value) })
              }
            />
            <input
              className="duration__slider"
              type="range"
              min={MIN_DURATION}
              max={MAX_DURATION}
              step={1}
              aria-label="Duration slider, seconds"
              value={
                Number.isFinite(draft.duration)
                  ? Math.min(MAX_DURATION, Math.max(MIN_DURATION, draft.duration))
                  : MIN_DURATION
              }
              onChange={(e) => draft.set({ duration: Number(e.target.value) })}
            />
            <span className="faint small nums">
              {MIN_DURATION}–{MAX_DURATION} s
            </span>
          </div>
        )}
      </Field>

      <fieldset className="music-form__group">
        <legend className="field__label">
          <label className="check">
            <input
              type="checkbox"
              checked={draft.useSegments}
              onChange={(e) => draft.set({ useSegments: e.target.checked })}
            />
            Timed segments
          </label>
          <span className="field__aside">optional · shape the piece over time</span>
        </legend>
        {draft.useSegments && (
          <SegmentsEditor
            rows={draft.segments}
            problems={check.segments}
            onAdd={draft.addSegment}
            onChange={draft.updateSegment}
            onRemove={draft.removeSegment}
          />
        )}
      </fieldset>

      <DeliveryOptions
        delivery={draft.delivery}
        outputFormat={draft.outputFormat}
        onDelivery={(delivery) => draft.set({ delivery })}
        onFormat={(outputFormat) => draft.set({ outputFormat })}
        variants={draft.variants}
        {...(check.variants ? { variantsError: check.variants } : {})}
        onVariants={(variants) => draft.set({ variants })}
        stems={draft.stems}
        stemsUnavailable={
          engine.data?.kind === 'local'
            ? 'The built-in local engine cannot separate stems; the cloud service can.'
            : undefined
        }
        onStems={(stems) => draft.set({ stems })}
      />

      {submit.error && !shownAtField && <ErrorNotice error={submit.error} testId="music-error" />}

      <div className="music-form__actions">
        <Button
          type="submit"
          variant="primary"
          size="large"
          icon={<SparkIcon />}
          data-testid="music-generate"
          disabled={!canGenerate}
          busy={submit.isPending}
          aria-describedby="music-generate-reason"
        >
          Generate
        </Button>
        <span
          id="music-generate-reason"
          className={check.ok && !unavailable ? 'faint small' : 'music-form__reason'}
        >
          {unavailable && check.ok ? (
            <span data-testid="capability-blocker">{unavailable}</span>
          ) : check.ok ? (
            <span className="stack music-form__ready">
              <EstimateLine
                units={{
                  type: 'text_to_music',
                  seconds: draft.duration,
                  ...(draft.delivery === 'async' && draft.variants > 1
                    ? { variants: draft.variants }
                    : {}),
                }}
              />
              <span className="faint small">
                <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd> + <kbd>Enter</kbd>
              </span>
            </span>
          ) : (
            check.blocker
          )}
        </span>
      </div>
    </form>
  );
}
