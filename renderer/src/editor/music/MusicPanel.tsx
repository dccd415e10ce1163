import { Panel } from '../../ui/Panel';
import { MusicForm } from './MusicForm';
import { TakesPanel } from './TakesPanel';
import './music.css';

/** Text to music: the form on the left, the session's takes on the right. */
export function MusicPanel() {
  return (
    <div className="grid-2">
      <Panel
        title="Music"
        hint="Generate music from a text prompt. Streamed takes play while they are made."
        label="Music"
      >
        <MusicForm />
      </Panel>
      <TakesPanel />
    </div>
  );
}
