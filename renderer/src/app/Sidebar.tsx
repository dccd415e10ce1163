import type { ReactNode } from 'react';
import {
  AccountIcon,
  DubIcon,
  JobsIcon,
  ScoreIcon,
  SettingsIcon,
  SubtitlesIcon,
} from '../ui/icons';
import { useShortcutsSheet } from '../editor/commands';
import { hrefOf, SCREEN_NAMES, SCREENS, type ScreenId } from './routes';

const ICONS: Record<ScreenId, ReactNode> = {
  score: <ScoreIcon />,
  subtitles: <SubtitlesIcon />,
  dub: <DubIcon />,
  jobs: <JobsIcon />,
  account: <AccountIcon />,
  settings: <SettingsIcon />,
};

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="brand__mark">
      <rect x="1" y="1" width="30" height="30" rx="8" />
      <path d="M8 18v-4M12 22V10M16 19v-6M20 24V8M24 18v-4" />
    </svg>
  );
}

export function Sidebar({ current, runningJobs }: { current: ScreenId; runningJobs: number }) {
  const openShortcuts = useShortcutsSheet((state) => state.setOpen);
  return (
    <aside className="sidebar">
      <div className="brand">
        <LogoMark />
        <span className="brand__name">Soundstage</span>
      </div>
      <nav aria-label="Main" className="nav">
        {SCREENS.map((screen, index) => (
          <a
            key={screen}
            href={hrefOf(screen)}
            className="nav__link"
            aria-current={screen === current ? 'page' : undefined}
            aria-keyshortcuts={`Alt+${index + 1}`}
            title={`${SCREEN_NAMES[screen]} (Alt+${index + 1})`}
          >
            {ICONS[screen]}
            <span>{SCREEN_NAMES[screen]}</span>
            {screen === 'jobs' && runningJobs > 0 && (
              <span className="nav__count" aria-hidden="true">
                {runningJobs}
              </span>
            )}
          </a>
        ))}
      </nav>
      <p className="sidebar__foot">
        <kbd>Alt</kbd> + <kbd>1</kbd>–<kbd>6</kbd> switch screens
        <br />
        <button
          type="button"
          className="sidebar__shortcuts"
          onClick={() => openShortcuts(true)}
          aria-keyshortcuts="?"
        >
          <kbd>?</kbd> all shortcuts
        </button>
      </p>
    </aside>
  );
}
