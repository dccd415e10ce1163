import { MUSIC_OUTPUT_FORMATS } from '../../../../shared/api/limits';
import { Field } from '../../ui/Field';
import type { MusicDelivery, MusicOutputFormat } from './music-form';

export interface DeliveryOptionsProps {
  delivery: MusicDelivery;
  outputFormat: MusicOutputFormat;
  onDelivery: (delivery: MusicDelivery) => void;
  onFormat: (format: MusicOutputFormat) => void;
}

/** Stream or async, and the file format (which only an async generation can choose). */
export function DeliveryOptions({
  delivery,
  outputFormat,
  onDelivery,
  onFormat,
}: DeliveryOptionsProps) {
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
    </div>
  );
}
