import { useSyncExternalStore } from 'react';

export const SCREENS = ['score', 'subtitles', 'dub', 'jobs', 'account', 'settings'] as const;
export type ScreenId = (typeof SCREENS)[number];

export const SCREEN_NAMES: Record<ScreenId, string> = {
  score: 'Score',
  subtitles: 'Subtitles',
  dub: 'Dub',
  jobs: 'Jobs',
  account: 'Account',
  settings: 'Settings',
};

/** `#/jobs` -> 'jobs'; anything else (including the one-time `#token=`) -> the default screen. */
export function screenFromHash(hash: string): ScreenId {
  const name = hash.replace(/^#\/?/, '').split(/[/?&]/)[0] ?? '';
  return (SCREENS as readonly string[]).includes(name) ? (name as ScreenId) : 'score';
}

export const hrefOf = (screen: ScreenId) => `#/${screen}`;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current screen, from the address hash so Back and Forward work. */
export function useScreen(): ScreenId {
  return useSyncExternalStore(subscribe, () => screenFromHash(window.location.hash));
}

export function goTo(screen: ScreenId): void {
  window.location.hash = hrefOf(screen);
}
