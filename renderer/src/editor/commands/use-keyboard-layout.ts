import { useEffect, useState } from 'react';
import type { KeyboardLayout } from '../../../../shared/domain/commands';

interface LayoutSource {
  getLayoutMap(): Promise<KeyboardLayout>;
}

/**
 * What the user's keyboard prints on each key, where Chromium tells (Keyboard Map API), so the
 * sheet labels position-matched letters as the user sees them; undefined until known or where
 * the API is missing, and the sheet then shows US names.
 */
export function useKeyboardLayout(): KeyboardLayout | undefined {
  const [layout, setLayout] = useState<KeyboardLayout>();
  useEffect(() => {
    const source = (navigator as Navigator & { keyboard?: LayoutSource }).keyboard;
    if (typeof source?.getLayoutMap !== 'function') return;
    let live = true;
    source.getLayoutMap().then(
      (map) => live && setLayout(map),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return layout;
}
