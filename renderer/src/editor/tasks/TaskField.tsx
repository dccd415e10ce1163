import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../../../shared/api/languages';
import type { SegmentProblem } from '../../../../shared/api/segments';
import { Field } from '../../ui/Field';
import { addSegmentRow, charCount, removeSegmentRow } from '../music/music-form';
import { SegmentsEditor } from '../music/SegmentsEditor';
import { LanguagesField } from './LanguagesField';
import { ScriptsField } from './ScriptsField';
import { SourceField } from './SourceField';
import type { SegmentsValue, TaskValues } from './task-input';
import { helpWithDefault, type FieldSpec } from './task-specs';

export interface TaskFieldProps {
  field: FieldSpec;
  values: TaskValues;
  problems: Map<string, string[]>;
  segmentProblems: Map<number, SegmentProblem[]>;
  /** Async-only settings are shown but locked while a stream is chosen. */
  streaming: boolean;
  /** Fields the local engine cannot honour are locked to the value it needs. */
  onLocalEngine?: boolean;
  /** Known media length, to lay out new segment rows. */
  mediaSeconds: number | undefined;
  /** Languages this machine cannot do for this task, with the reason (capability table). */
  languageMarks?: Partial<Record<string, string>>;
  set: (patch: TaskValues) => void;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** One control of a task form, chosen by the field's kind. */
export function TaskField({
  field,
  values,
  problems,
  segmentProblems,
  streaming,
  onLocalEngine = false,
  mediaSeconds,
  languageMarks = {},
  set,
}: TaskFieldProps) {
  switch (field.kind) {
    case 'source':
      return (
        <SourceField
          label={field.label}
          pick={field.pick}
          file={str(values[field.file])}
          url={str(values[field.url])}
          help={field.help}
          errors={[...(problems.get(field.file) ?? []), ...(problems.get(field.url) ?? [])]}
          onFile={(path) => set({ [field.file]: path })}
          onUrl={(url) => set({ [field.url]: url })}
        />
      );
    case 'text': {
      const value = str(values[field.name]);
      return (
        <Field
          label={field.label}
          aside={`${charCount(value)} / ${field.max}`}
          asideOver={charCount(value) > field.max}
          help={field.help}
          error={problems.get(field.name)?.[0]}
        >
          {(ids) => (
            <textarea
              id={ids.id}
              className="textarea"
              rows={field.rows ?? 3}
              placeholder={field.placeholder}
              value={value}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) => set({ [field.name]: e.target.value })}
            />
          )}
        </Field>
      );
    }
    case 'integer':
    case 'number': {
      const locked = streaming && field.kind === 'integer' && field.asyncOnly === true;
      const unit = field.kind === 'integer' && field.unit ? ` ${field.unit}` : '';
      return (
        <Field
          label={field.label}
          aside={`${field.min}–${field.max}${unit}`}
          help={locked ? 'A stream is one take. Needs async delivery.' : helpWithDefault(field)}
          error={locked ? undefined : problems.get(field.name)?.[0]}
        >
          {(ids) => (
            <input
              id={ids.id}
              className="input input--num task__number"
              type="number"
              data-testid={`task-option-${field.name}`}
              min={field.min}
              max={field.max}
              step={field.kind === 'number' ? field.step : 1}
              value={locked ? String(field.initial) : str(values[field.name])}
              disabled={locked}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) => set({ [field.name]: e.target.value })}
            />
          )}
        </Field>
      );
    }
    case 'boolean': {
      const engineLock = onLocalEngine ? field.localEngine : undefined;
      const locked = (streaming && field.asyncOnly === true) || engineLock !== undefined;
      return (
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              data-testid={`task-option-${field.name}`}
              checked={engineLock ? engineLock.value : !locked && values[field.name] === true}
              disabled={locked}
              onChange={(e) => set({ [field.name]: e.target.checked })}
            />
            {field.label}
          </label>
          <span className="field__help">
            {engineLock
              ? engineLock.reason
              : locked
                ? 'Needs async delivery.'
                : helpWithDefault(field)}
          </span>
          {problems.get(field.name)?.map((m) => (
            <span key={m} className="field__error" role="alert">
              {m}
            </span>
          ))}
        </div>
      );
    }
    case 'choice': {
      const locked = streaming && field.asyncOnly === true;
      return (
        <Field
          label={field.label}
          help={helpWithDefault(field)}
          error={problems.get(field.name)?.[0]}
        >
          {(ids) => (
            <select
              id={ids.id}
              className="select task__select"
              data-testid={`task-option-${field.name}`}
              value={locked ? field.initial : str(values[field.name])}
              disabled={locked}
              aria-describedby={ids.describedBy}
              onChange={(e) => set({ [field.name]: e.target.value })}
            >
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    }
    case 'languages':
      return (
        <LanguagesField
          label={field.label}
          value={Array.isArray(values[field.name]) ? (values[field.name] as string[]) : []}
          help={field.help}
          errors={problems.get(field.name) ?? []}
          unavailable={languageMarks}
          onChange={(codes) => set({ [field.name]: codes })}
        />
      );
    case 'language':
      return (
        <Field label={field.label} help={field.help} error={problems.get(field.name)?.[0]}>
          {(ids) => (
            <select
              id={ids.id}
              className="select task__select"
              value={str(values[field.name])}
              aria-describedby={ids.describedBy}
              onChange={(e) => set({ [field.name]: e.target.value })}
            >
              <option value="">Detect</option>
              {LANGUAGE_CODES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'segments': {
      const value = (values[field.name] as SegmentsValue | undefined) ?? {
        enabled: false,
        rows: [],
      };
      const update = (patch: Partial<SegmentsValue>) =>
        set({ [field.name]: { ...value, ...patch } });
      return (
        <fieldset className="field task__segments">
          <legend className="field__label">
            <label className="check">
              <input
                type="checkbox"
                checked={value.enabled}
                onChange={(e) => update({ enabled: e.target.checked })}
              />
              {field.label}
            </label>
          </legend>
          {field.help && <span className="field__help">{field.help}</span>}
          {value.enabled && (
            <SegmentsEditor
              rows={value.rows}
              problems={segmentProblems}
              onAdd={() =>
                update({
                  rows: addSegmentRow(value.rows, Math.round((mediaSeconds ?? 30) * 100) / 100),
                })
              }
              onChange={(id, patch) =>
                update({
                  rows: value.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)),
                })
              }
              onRemove={(id) => update({ rows: removeSegmentRow(value.rows, id) })}
            />
          )}
        </fieldset>
      );
    }
    case 'scripts':
      return (
        <ScriptsField
          label={field.label}
          languages={
            Array.isArray(values[field.languagesField])
              ? (values[field.languagesField] as string[])
              : []
          }
          value={(values[field.name] as Record<string, string> | undefined) ?? {}}
          help={field.help}
          errors={problems.get(field.name) ?? []}
          onChange={(scripts) => set({ [field.name]: scripts })}
        />
      );
  }
}
