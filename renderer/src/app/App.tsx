import { useEffect } from 'react';
import { isTerminal } from '../../../shared/domain/jobs/job';
import { useConnection } from '../bridge/connection';
import { useServerSync } from '../bridge/events';
import { useApiQuery } from '../bridge/query';
import { AccountScreen } from '../features/account/AccountScreen';
import { DubScreen } from '../features/dub/DubScreen';
import { JobsScreen } from '../features/jobs/JobsScreen';
import { ScoreScreen } from '../features/score/ScoreScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { SubtitlesScreen } from '../features/subtitles/SubtitlesScreen';
import { Notice } from '../ui/Notice';
import { ShortcutsSheet, useKeyDispatcher, useNativeMenu } from '../editor/commands';
import { useHeldJobs, useHeldJobsSync } from '../editor/jobs/held-jobs';
import { isRunning } from '../editor/jobs/job-view';
import { ProjectBanners, useReopenLastProject, useSaveBeforeLeaving } from '../editor/project';
import { useGlobalCommands } from './global-commands';
import { SCREEN_NAMES, useScreen, type ScreenId } from './routes';
import { Sidebar } from './Sidebar';
import { StorageBanner } from './StorageBanner';
import { StatusStrip } from './StatusStrip';
import { Toasts } from './Toasts';

const VIEWS: Record<ScreenId, () => React.JSX.Element> = {
  score: ScoreScreen,
  subtitles: SubtitlesScreen,
  dub: DubScreen,
  jobs: JobsScreen,
  account: AccountScreen,
  settings: SettingsScreen,
};

function ConnectionBanner() {
  const connection = useConnection();
  if (connection.mode === 'no-host') {
    return (
      <Notice tone="danger" title="Not connected to Soundstage host" testId="connection-banner">
        This page was opened without a host. Start Soundstage with <code>npm start</code> or{' '}
        <code>npm run web</code> and open the address it prints (it carries the access token).
        Nothing can be generated or loaded until then.
      </Notice>
    );
  }
  if (connection.state === 'open') return null;
  return (
    <Notice tone="warn" title="Not connected to Soundstage host" testId="connection-banner">
      {connection.failures > 0
        ? `The host is not answering; retrying (attempt ${connection.failures}). Running jobs continue on the host and show up again once it answers.`
        : 'Connecting…'}
      {connection.failures >= 3 &&
        ' If Soundstage was restarted, open the new address it printed: each run has its own access token.'}
    </Notice>
  );
}

export function App() {
  useServerSync();
  useKeyDispatcher();
  useGlobalCommands();
  useNativeMenu();
  const screen = useScreen();
  const connection = useConnection();
  const jobs = useApiQuery('jobs:list', {}, { enabled: connection.state === 'open' });
  useHeldJobsSync(connection.state === 'open');
  const held = useHeldJobs((s) => s.held);
  const unfinished = (jobs.data ?? []).filter((job) => !isTerminal(job.stage));
  // A paused Dub batch's queued jobs were never sent: counted as paused, not running.
  const running = unfinished.filter((job) => isRunning(job, held)).length;
  const paused = unfinished.length - running;
  const View = VIEWS[screen];
  useReopenLastProject(connection.state === 'open');
  useSaveBeforeLeaving();

  useEffect(() => {
    document.title = `${SCREEN_NAMES[screen]} · Soundstage`;
  }, [screen]);

  return (
    <div className="frame">
      <Sidebar current={screen} runningJobs={running} />
      <div className="frame__main">
        <StatusStrip runningJobs={running} pausedJobs={paused} title={SCREEN_NAMES[screen]} />
        <main className="content" id="content">
          <ConnectionBanner />
          <StorageBanner />
          <ProjectBanners />
          <View />
        </main>
      </div>
      <ShortcutsSheet />
      <Toasts />
    </div>
  );
}
