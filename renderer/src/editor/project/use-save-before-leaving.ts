import { useEffect } from 'react';
import { useApiEvent } from '../../bridge/events';
import { saveBeforeClose, savePendingNow } from './save-before-leaving';

/**
 * Writes waiting saves when the page goes: Electron holds the window's close and asks
 * (`window:closing`); a reload or a closed browser tab gives only `pagehide`, where the saves
 * are sent before the page is torn down and main finishes writing them on its own.
 */
export function useSaveBeforeLeaving(): void {
  useApiEvent('window:closing', () => void saveBeforeClose());
  useEffect(() => {
    const onPageHide = () => void savePendingNow();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);
}
