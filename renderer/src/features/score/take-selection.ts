import { create } from 'zustand';
import { useTransport } from '../../editor/media/transport-store';
import { deleteSelected } from './lane-edits';
import { deleteTake } from './take-edits';

/**
 * The take selected on the timeline (view state, never an undo step). Selecting a take clears
 * the segment selection and the other way round, so Delete acts on exactly one thing.
 */
export const useTakeSelection = create<{ takeId: string | null }>()(() => ({ takeId: null }));

/** The shot change selected on the timeline (view state), by its time in ms. */
export const useShotSelection = create<{ ms: number | null }>()(() => ({ ms: null }));

export function selectTake(takeId: string | null): void {
  useTakeSelection.setState({ takeId });
  if (takeId) {
    useTransport.getState().set({ selected: null });
    useShotSelection.setState({ ms: null });
  }
}

/** Selecting a shot change clears the take and segment selection. */
export function selectShot(ms: number | null): void {
  useShotSelection.setState({ ms });
  if (ms !== null) {
    useTakeSelection.setState({ takeId: null });
    useTransport.getState().set({ selected: null });
  }
}

/**
 * Delete: the selected take if there is one, else the selected shot change (through
 * `removeShot`, which the caller wires to the shot edits), else the selected segment.
 */
export function deleteSelection(removeShot?: () => void): void {
  const { takeId } = useTakeSelection.getState();
  if (takeId) {
    deleteTake(takeId);
    useTakeSelection.setState({ takeId: null });
    return;
  }
  if (useShotSelection.getState().ms !== null && removeShot) {
    removeShot();
    return;
  }
  deleteSelected();
}
