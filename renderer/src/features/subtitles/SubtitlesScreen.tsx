import { Panel } from '../../ui/Panel';
import { TaskForm } from '../../editor/tasks/TaskForm';
import { PROOFREAD_TASK } from '../../editor/tasks/language-tasks';
import { subsPart } from './subs-store';
import { SubtitlesWorkspace } from './SubtitlesWorkspace';
import { useJobHandoff } from './use-job-handoff';

export function SubtitlesScreen() {
  useJobHandoff();
  return (
    <div className="screen">
      <p className="screen__intro">
        Transcribe a video and translate its subtitles, then review every line before dubbing.
      </p>
      <SubtitlesWorkspace />
      {/* Open while nothing is being edited: proofreading is then the likely first step. */}
      <details className="subs-proofread" open={Object.keys(subsPart().languages).length === 0}>
        <summary>Proofread a video (transcribe and translate)</summary>
        <Panel title="Proofread a video" label="Proofread">
          <TaskForm spec={PROOFREAD_TASK} />
        </Panel>
      </details>
    </div>
  );
}
