import { useState } from 'react';
import type { ProjectKind } from '../../../../shared/domain/project/document';
import { Button } from '../../ui/Button';
import { NewProjectDialog } from './NewProjectDialog';

/**
 * The `project-new` button every workspace header carries (Score, Subtitles, Dub): it opens the
 * new-project dialog with that workspace's kind chosen.
 */
export function ProjectBar({ kind }: { kind: ProjectKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" data-testid="project-new" onClick={() => setOpen(true)}>
        New project…
      </Button>
      <NewProjectDialog open={open} initialKind={kind} onClose={() => setOpen(false)} />
    </>
  );
}
