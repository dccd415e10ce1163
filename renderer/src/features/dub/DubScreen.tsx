import { Panel } from '../../ui/Panel';
import { TaskForm } from '../tasks/TaskForm';
import { DUBBING_TASK } from '../tasks/language-tasks';
import { ScriptsFromSubtitles } from './ScriptsFromSubtitles';

export function DubScreen() {
  return (
    <div className="screen">
      <p className="screen__intro">
        Dub videos into up to 17 languages, optionally speaking your approved subtitle scripts.
      </p>
      <ScriptsFromSubtitles />
      <Panel title="Dub a video" label="Dub a video">
        <TaskForm spec={DUBBING_TASK} />
      </Panel>
      <section className="coming" aria-label="Dub batch (coming)">
        <h3>Dub batch: coming next</h3>
        <ul>
          <li>
            a grid of files × languages with a preflight badge, the exact charge and the status of
            every cell;
          </li>
          <li>
            scripts paired by file name (<code>clip.es.srt</code>) and checked before upload;
          </li>
          <li>
            re-timed subtitle exports compared line by line with what the translator approved.
          </li>
        </ul>
      </section>
    </div>
  );
}
