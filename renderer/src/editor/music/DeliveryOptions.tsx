import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../../../../shared/api/limits';
import { Field } from '../../ui/Field';
import type { MusicDelivery, MusicOutputFormat } from './music-form';

export interface DeliveryOptionsProps {
  delivery: MusicDelivery;
  outputFormat: MusicOutputFormat;
  onDelivery: (delivery: MusicDelivery) => void;
  onFormat: (format: MusicOutputFormat) => void;
  variants: number;
  variantsError?: string;
  onVariants: (variants: number) => void;
  stems: boolean;
  /** Why stems cannot be asked for here (the local engine has no separator), if so. */
  stemsUnavailable?: string | undefined;
  onStems: (stems: boolean) => void;
}

const { min: MIN_VARIANTS, max: MAX_VARIANTS } = LIMITS.generationVariantsNum;

/**
 * Stream or async, and what only an async generation can choose: the file format, several
 * variants and stems (docs/api-notes.md 6.1). Each starts on the service's default.
 */
export function DeliveryOptions({
  delivery,
  outputFormat,
  onDelivery,
  onFormat,
  variants,
  variantsError,
  onVariants,
  stems,
  stemsUnavailable,
  onStems,
}: DeliveryOptionsProps) {
  const streaming = delivery === 'stream';
  return (
    <div className="music-form__options">
      <fieldset className="field music-form__group">
        <legend className="field__label">Delivery</legend>
        <div className="segmented" role="radiogroup" aria-label="Delivery">
          {(
            [
              ['stream', 'Stream'],
              ['async', 'Async'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="music-delivery"
                value={value}
                checked={delivery === value}
                onChange={() => onDelivery(value)}
              />
              <span>{text}</span>
            </label>
          ))}
        </div>
        <span className="field__help">
          {delivery === 'stream'
            ? 'Plays while it is generated; saved as m4a.'
            : 'Runs as a task; pick the file format.'}
        </span>
      </fieldset>
      <Field
        label="Output format"
        help={
          delivery === 'stream'
            ? 'Streams are always m4a. Switch to Async for wav or mp3.'
            : 'mp3 is 320 kbps; wav is lossless.'
        }
      >
        {(ids) => (
          <select
            id={ids.id}
            className="select"
            data-testid="music-format"
            value={delivery === 'stream' ? 'm4a' : outputFormat}
            disabled={delivery === 'stream'}
            aria-describedby={ids.describedBy}
            onChange={(e) => onFormat(e.target.value as MusicOutputFormat)}
          >
            {MUSIC_OUTPUT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Variants"
        aside={`${MIN_VARIANTS}–${MAX_VARIANTS}`}
        help={
          streaming
            ? 'A stream is one take. Switch to Async for several.'
            : 'Each variant is a separate take, billed in full. Service default: 1.'
        }
        error={streaming ? undefined : variantsError}
      >
        {(ids) => (
          <input
            id={ids.id}
            className="input input--num"
            type="number"
            data-testid="music-variants"
            min={MIN_VARIANTS}
            max={MAX_VARIANTS}
            step={1}
            value={streaming ? 1 : Number.isFinite(variants) ? variants : ''}
            disabled={streaming}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            onChange={(e) =>
              onVariants(e.target.value === '' ? Number.NaN : Number(e.target.value))
            }
          />
        )}
      </Field>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            data-testid="music-stems"
            checked={!streaming && !stemsUnavailable && stems}
            disabled={streaming || !!stemsUnavailable}
            onChange={(e) => onStems(e.target.checked)}
          />
          Separate stems
        </label>
        <span className="field__help">
          {stemsUnavailable ??
            (streaming
              ? 'Needs async delivery.'
              : 'Drums, bass, vocals and other for each take. Free. Service default: off.')}
        </span>
      </div>
    </div>
  );
}
