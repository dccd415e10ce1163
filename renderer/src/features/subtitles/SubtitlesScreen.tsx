import { Panel } from '../../ui/Panel';
import { TaskForm } from '../tasks/TaskForm';
import { PROOFREAD_TASK } from '../tasks/language-tasks';

export function SubtitlesScreen() {
  return (
    <div className="screen">
      <p className="screen__intro">
        Transcribe a video and translate its subtitles, then review every line before dubbing.
      </p>
      <Panel title="Proofread a video" label="Proofread">
        <TaskForm spec={PROOFREAD_TASK} />
      </Panel>
      <section className="coming" aria-label="Subtitles editor (coming)">
        <h3>Subtitles editor: coming next</h3>
        <ul>
          <li>open the proofread .srt files side by side, one column per language;</li>
          <li>
            edit cues with live checks for characters per second, line length, duration and gaps
            (Netflix-like profile);
          </li>
          <li>see the service's warnings at each cue and send approved scripts straight to Dub.</li>
        </ul>
      </section>
    </div>
  );
}
