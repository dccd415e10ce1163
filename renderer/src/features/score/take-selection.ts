import { create } from 'zustand';
import { useTransport } from '../../editor/media/transport-store';
import { deleteSelected } from './lane-edits';
import { deleteTake } from './take-edits';

/**
 * The take selected on the timeline (view state, never an undo step). Selecting a take clears
 * the segment selection and the other way round, so Delete acts on exactly one thing.
 */
export const useTakeSelection = create<{ takeId: string | null }>()(() => ({ takeId: null }));

export function selectTake(takeId: string | null): void {
  useTakeSelection.setState({ takeId });
  if (takeId) useTransport.getState().set({ selected: null });
}

/** Delete: the selected take if there is one, else the selected segment. */
export function deleteSelection(): void {
  const { takeId } = useTakeSelection.getState();
  if (takeId) {
    deleteTake(takeId);
    useTakeSelection.setState({ takeId: null });
    return;
  }
  deleteSelected();
}
