import { useState } from 'react';
import { FRAME_RATES, type FrameRate } from '../../../../shared/domain/subtitles/retime';
import { parseTime } from '../../../../shared/domain/subtitles/timecode';
import { Button } from '../../ui/Button';
import { tableRows, rowCue } from './cue-focus';
import { changeFrameRate, syncTwoPoints } from './edit-actions';
import { useSubsView } from './subs-store';

/** A sync point as typed: a cue number (1-based, table order) and the time it should start. */
function point(numberText: string, timeText: string) {
  const rows = tableRows();
  const row = rows[Number(numberText) - 1];
  const cue = row ? rowCue(row.id) : undefined;
  if (!cue) return { ok: false as const, message: `There is no cue ${numberText}.` };
  const time = parseTime(timeText);
  if (!time.ok) return time;
  return { ok: true as const, fromMs: cue.startMs, toMs: time.ms };
}

/** Two-point sync and frame-rate conversion, each applied to every cue as one step. */
export function SyncFields() {
  const count = tableRows().length;
  const [a, setA] = useState({ number: '1', time: '' });
  const [b, setB] = useState({ number: String(count), time: '' });
  const [from, setFrom] = useState<FrameRate>(23.976);
  const [to, setTo] = useState<FrameRate>(25);
  const notice = (message: string) => useSubsView.getState().set({ notice: message });

  const sync = (event: React.FormEvent) => {
    event.preventDefault();
    const first = point(a.number, a.time);
    const second = point(b.number, b.time);
    if (!first.ok) return notice(first.message);
    if (!second.ok) return notice(second.message);
    syncTwoPoints(first, second);
  };
  const pointFields = (
    label: string,
    value: { number: string; time: string },
    set: (v: { number: string; time: string }) => void,
  ) => (
    <fieldset className="row">
      <legend className="small muted">{label}</legend>
      <label className="field">
        <span className="field__label">Cue number</span>
        <input
          className="input"
          inputMode="numeric"
          value={value.number}
          onChange={(event) => set({ ...value, number: event.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">Should start at</span>
        <input
          className="input nums"
          placeholder="0:00:00,000"
          value={value.time}
          onChange={(event) => set({ ...value, time: event.target.value })}
        />
      </label>
    </fieldset>
  );

  return (
    <div className="sync-fields">
      <form className="row" onSubmit={sync} aria-label="Two-point sync">
        {pointFields('First point', a, setA)}
        {pointFields('Second point', b, setB)}
        <Button size="small" type="submit" data-testid="subs-sync-apply">
          Sync
        </Button>
      </form>
      <form
        className="row"
        aria-label="Frame rate conversion"
        onSubmit={(event) => {
          event.preventDefault();
          changeFrameRate(from, to);
        }}
      >
        {(
          [
            ['From', from, setFrom],
            ['To', to, setTo],
          ] as const
        ).map(([label, value, set]) => (
          <label key={label} className="field">
            <span className="field__label">{label} fps</span>
            <select
              className="select"
              value={value}
              onChange={(event) => set(Number(event.target.value) as FrameRate)}
            >
              {FRAME_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}
                </option>
              ))}
            </select>
          </label>
        ))}
        <Button size="small" type="submit" data-testid="subs-fps-apply">
          Convert
        </Button>
      </form>
    </div>
  );
}
