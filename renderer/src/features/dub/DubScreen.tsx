import { useState } from 'react';
import { Panel } from '../../ui/Panel';
import { TaskForm } from '../../editor/tasks/TaskForm';
import { DUBBING_TASK } from '../../editor/tasks/language-tasks';
import { ProjectBar } from '../../editor/project/ProjectBar';
import { DubBatchWorkspace } from './DubBatchWorkspace';
import './dub.css';

type DubMode = 'batch' | 'single';

export function DubScreen() {
  const [mode, setMode] = useState<DubMode>('batch');
  return (
    <div className="screen dub-screen">
      <div className="row dub-screen__head">
        <p className="screen__intro">
          Dub videos into up to 17 languages, optionally speaking your approved subtitle scripts.
          Every cell is checked and priced before anything is charged.
        </p>
        <ProjectBar kind="dub" />
        <div className="dub-modes" role="group" aria-label="Dub mode">
          <button
            type="button"
            className="btn btn--small"
            aria-pressed={mode === 'batch'}
            onClick={() => setMode('batch')}
          >
            Batch
          </button>
          <button
            type="button"
            className="btn btn--small"
            aria-pressed={mode === 'single'}
            onClick={() => setMode('single')}
          >
            Single video
          </button>
        </div>
      </div>
      {mode === 'batch' ? (
        <Panel title="Dub batch" label="Dub batch" hint="Rows are videos, columns are languages.">
          <DubBatchWorkspace />
        </Panel>
      ) : (
        <Panel title="Dub a video" label="Dub a video">
          <TaskForm spec={DUBBING_TASK} />
        </Panel>
      )}
    </div>
  );
}
