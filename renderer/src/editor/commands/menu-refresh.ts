import { create } from 'zustand';

/**
 * Bumped when something a menu item's enabled state depends on may have changed (an edit, an
 * undo), so the native menu is re-sent. Enabled states are functions the menu cannot watch.
 */
export const useMenuRefresh = create<{ version: number }>()(() => ({ version: 0 }));

export function refreshNativeMenu(): void {
  useMenuRefresh.setState((state) => ({ version: state.version + 1 }));
}
