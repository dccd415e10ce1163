import { create } from 'zustand';

/** Whether the shortcuts sheet is open; `?` and the Help menu open it. */
export const useShortcutsSheet = create<{ open: boolean; setOpen(open: boolean): void }>()(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);
