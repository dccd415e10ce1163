import { create } from 'zustand';
import type { TaskValues } from './task-input';

interface TaskDraftsState {
  drafts: Record<string, TaskValues>;
  setDraft: (type: string, values: TaskValues) => void;
}

/** Form values per task type for this session, so switching tools keeps what was typed. */
export const useTaskDrafts = create<TaskDraftsState>()((set, get) => ({
  drafts: {},
  setDraft: (type, values) => set({ drafts: { ...get().drafts, [type]: values } }),
}));
