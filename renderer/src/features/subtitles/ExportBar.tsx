import { memo, useState } from 'react';
import { vttExtrasFor, type SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { goTo } from '../../app/routes';
import { invoke, errorMessage } from '../../bridge/invoke';
import { useDubHandoff } from '../../editor/handoff/dub-handoff';
import { Button } from '../../ui/Button';
import { RevealButton } from '../../ui/RevealButton';
import {
  exportBlockers,
  type ExportBlockers,
} from '../../../../shared/domain/subtitles/export-blockers';
import { ExportWarning } from './ExportWarning';
import { fileName } from './import-script';
import { latestIssues } from './latest-issues';
import { showIssueList } from './subs-commands';
import { subsPart } from './subs-store';

/** `clip.es.srt` from the source file's name (or "subtitles"), one per language. */
export function exportName(part: SubtitlesPart, language: string, format: 'srt' | 'vtt') {
  const from = part.video?.path ?? Object.values(part.files)[0] ?? 'subtitles';
  const stem = fileName(from)
    .replace(/\.[^.]+$/, '')
    .replace(/\.[a-z]{2,3}(_[a-z0-9]+)?$/i, '');
  return `${stem || 'subtitles'}.${language}.${format}`;
}

async function writeLanguage(part: SubtitlesPart, language: string, format: 'srt' | 'vtt') {
  const cues = part.languages[language] ?? [];
  const { path } = await invoke('subtitles:write', {
    name: exportName(part, language, format),
    format,
    cues,
    ...(format === 'vtt' ? { vtt: vttExtrasFor(part, language) } : {}),
  });
  return path;
}

/** Export each language as .srt or .vtt into the project folder, and hand the scripts to Dub. */
export const ExportBar = memo(function ExportBar({ part: drawn }: { part: SubtitlesPart }) {
  const languages = Object.keys(drawn.languages);
  const [format, setFormat] = useState<'srt' | 'vtt'>('srt');
  const [language, setLanguage] = useState<string>('all');
  const [state, setState] = useState<{
    busy?: string;
    done?: string;
    paths?: string[];
    /** Files written by Export (not Send to Dub, which moves on to Dub): offered to reveal. */
    saved?: boolean;
    error?: string;
    /** QC errors found when Export was pressed: said before anything is written. */
    blockers?: ExportBlockers;
  }>({});

  const run = async (
    label: string,
    work: () => Promise<{ done: string; paths: string[]; saved?: boolean }>,
  ) => {
    setState({ busy: label });
    try {
      setState(await work());
    } catch (error) {
      setState({
        error: `${errorMessage(error)} Check the project folder in Settings, then try again.`,
      });
    }
  };
  const chosenLanguages = () => (language === 'all' ? languages : [language]);
  // A script with errors is refused by the dubbing service, so it is not written without a
  // word; a clean script still exports in one click (warnings never stop it).
  const exportChecked = () => {
    const blockers = exportBlockers(latestIssues(), chosenLanguages());
    if (blockers) setState({ blockers });
    else void exportNow();
  };
  const exportNow = () =>
    run('Exporting…', async () => {
      const part = subsPart();
      const chosen = chosenLanguages();
      const paths = [];
      for (const code of chosen) paths.push(await writeLanguage(part, code, format));
      const done = `Saved ${paths.map(fileName).join(', ')} in the project folder`;
      return { done, paths, saved: true };
    });
  const sendToDub = () =>
    run('Preparing scripts…', async () => {
      const part = subsPart();
      const scripts: Record<string, string> = {};
      for (const code of languages) scripts[code] = await writeLanguage(part, code, 'srt');
      useDubHandoff.getState().send({
        ...(part.video ? { videoPath: part.video.path } : {}),
        ...(part.sourceLanguage ? { sourceLanguage: part.sourceLanguage } : {}),
        scripts,
        sentAt: Date.now(),
      });
      goTo('dub');
      return { done: 'Sent to Dub', paths: Object.values(scripts) };
    });

  return (
    <div className="subs-export row" aria-label="Export">
      <select
        className="select"
        aria-label="Language to export"
        value={language}
        onChange={(e) => {
          setLanguage(e.target.value);
          setState({});
        }}
      >
        <option value="all">All languages</option>
        {languages.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </select>
      <select
        className="select"
        aria-label="Format"
        value={format}
        onChange={(e) => setFormat(e.target.value as 'srt' | 'vtt')}
      >
        <option value="srt">.srt</option>
        <option value="vtt">.vtt</option>
      </select>
      <Button
        data-testid="subs-export"
        busy={state.busy === 'Exporting…'}
        disabled={!!state.busy || languages.length === 0}
        onClick={exportChecked}
      >
        Export
      </Button>
      <Button
        variant="primary"
        data-testid="subs-send-to-dub"
        disabled={!!state.busy || languages.length === 0}
        title={drawn.video ? undefined : 'Choose the video first so Dub gets it with the scripts'}
        onClick={() => void sendToDub()}
      >
        Send to Dub
      </Button>
      <span
        className="small muted"
        role="status"
        data-testid="subs-export-status"
        data-paths={state.paths?.join('\n')}
      >
        {state.busy ?? state.done ?? ''}
      </span>
      {state.saved && state.paths?.[0] && (
        <RevealButton path={state.paths[0]} testId="subs-export-reveal" />
      )}
      {state.blockers && (
        <ExportWarning
          blockers={state.blockers}
          onExportAnyway={() => void exportNow()}
          onShowErrors={() => {
            setState({});
            showIssueList();
          }}
        />
      )}
      {state.error && (
        <span className="small subs-find__error" role="alert">
          {state.error}
        </span>
      )}
    </div>
  );
}, sameExportView);

/**
 * The bar draws only the language list and whether there is a video; the export itself reads
 * the script when pressed (subsPart), so a keystroke in a cue does not redraw the bar
 * (docs/subtitles.md, "Speed").
 */
function sameExportView(a: { part: SubtitlesPart }, b: { part: SubtitlesPart }): boolean {
  return (
    a.part.video?.path === b.part.video?.path &&
    Object.keys(a.part.languages).join() === Object.keys(b.part.languages).join()
  );
}
