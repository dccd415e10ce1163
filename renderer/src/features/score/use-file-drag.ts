import { useState, type DragEvent } from 'react';

/**
 * Whether files are being dragged over an element, for a drop overlay. Esc needs no key
 * listener: it cancels the system's drag, which ends in a dragleave here (and the dispatcher
 * must stay the only window key listener, docs/editing.md).
 */
export function useFileDrag() {
  const [over, setOver] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        if (!over) setOver(true);
      },
      // Moving between children fires dragleave too; only leaving the element (or the window,
      // where relatedTarget is null) ends the drag here.
      onDragLeave: (event: DragEvent) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setOver(false);
      },
      onDrop: () => setOver(false),
    },
  };
}
