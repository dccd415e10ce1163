import { useState } from 'react';
import { Panel } from '../../ui/Panel';
import { TaskForm } from '../../editor/tasks/TaskForm';
import { SCORE_TASKS } from '../../editor/tasks/score-tasks';

/** Every other sound endpoint: effects, music and sound for a video, briefs, ducking. */
export function ScoreTools() {
  const [type, setType] = useState(SCORE_TASKS[0]!.type);
  const spec = SCORE_TASKS.find((task) => task.type === type) ?? SCORE_TASKS[0]!;
  return (
    <Panel
      title="More sound tools"
      hint="Sound effects, music and sound for a video, creative briefs and ducking."
      label="More sound tools"
      actions={
        <label className="tools__picker">
          <span className="visually-hidden">Tool</span>
          <select
            className="select"
            data-testid="score-tool"
            value={type}
            onChange={(e) => setType(e.target.value as typeof type)}
          >
            {SCORE_TASKS.map((task) => (
              <option key={task.type} value={task.type}>
                {task.title}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <TaskForm key={spec.type} spec={spec} />
    </Panel>
  );
}
