import { useMemo } from 'react';
import type { RunnableCommand } from '../../editor/commands/registry';
import { useCommands } from '../../editor/commands';
import { saveProject, useOpenProject } from '../../editor/project';
import * as player from '../../editor/media/player';
import {
  deleteCurrentCue,
  endHereAndNext,
  insertCue,
  playCurrentCue,
  setEdgeAtPlayhead,
  stepIssue,
} from './cue-actions';
import { stepCue } from './cue-focus';
import { mergeCurrent, splitCurrent } from './edit-actions';
import { openGoTo } from './GoToCue';
import { latestIssues, useLatestIssues } from './latest-issues';
import { extendSelection } from './selection';
import { toggleLoop, zoomWave } from './wave-view';
import { subsPart, useSubsView } from './subs-store';
import type { LanguageIssue } from './use-subs-checks';

const hasCues = () => Object.values(subsPart().languages).some((cues) => cues.length > 0);
/** Enter moves on only from a cue's text cell; elsewhere it presses the focused button. */
const inCueText = () =>
  document.activeElement instanceof HTMLElement &&
  document.activeElement.dataset['testid'] === 'cue-text';
const hasCurrent = () => !!useSubsView.getState().cueId;

/** Ctrl+F8: the QC tab, with focus on its first issue (or the tab when there is none). */
export function showIssueList(): void {
  useSubsView.getState().set({ tool: 'qc' });
  requestAnimationFrame(() => {
    const panel = document.querySelector<HTMLElement>('.subs-tools__panel');
    const target = panel?.querySelector<HTMLElement>('button, [tabindex="0"]');
    (target ?? document.querySelector<HTMLElement>('.subs-tools__tab.is-active'))?.focus();
  });
}

/**
 * The Subtitles workspace's commands, with the keys Subtitle Edit and Aegisub users know
 * (docs/editing.md, "Subtitles workspace"). Undo/Redo are the global commands, routed here by
 * the undo claim of the document store.
 */
export function useSubsCommands(issues: readonly LanguageIssue[]): void {
  // F8 reads the issues when pressed, so the command list is built once.
  useLatestIssues(issues);
  const commands = useMemo((): RunnableCommand[] => {
    const cue = 'Cue';
    const transport = 'Transport';
    const edit = 'Edit';
    const openFind = (findField: 'find' | 'replace') => () => {
      const view = useSubsView.getState();
      view.set({ tool: 'find', findField, findFocus: view.findFocus + 1 });
    };
    // F3 steps the find panel's match; with the panel closed it opens it to type a search.
    const findStep = (direction: 1 | -1) => () => {
      const view = useSubsView.getState();
      if (view.tool !== 'find') return openFind('find')();
      view.set({ findStep: { count: view.findStep.count + 1, direction } });
    };
    const list: Omit<RunnableCommand, 'scope'>[] = [
      {
        id: 'subtitles.previous',
        label: 'Previous cue',
        keys: ['Alt+ArrowUp'],
        group: cue,
        allowInText: true,
        enabled: hasCues,
        run: () => stepCue(-1),
      },
      {
        id: 'subtitles.next',
        label: 'Next cue',
        keys: ['Alt+ArrowDown'],
        group: cue,
        allowInText: true,
        enabled: hasCues,
        run: () => stepCue(1),
      },
      {
        id: 'subtitles.go-to',
        label: 'Go to cue number',
        keys: ['Ctrl+G'],
        group: cue,
        allowInText: true,
        enabled: hasCues,
        run: openGoTo,
      },
      {
        id: 'subtitles.commit-next',
        label: 'Commit and go to next cue',
        keys: ['Enter'],
        group: cue,
        allowInText: true,
        enabled: inCueText,
        run: () => stepCue(1),
      },
      {
        id: 'subtitles.start',
        label: 'Start at playhead',
        keys: ['F11', 'I'],
        group: cue,
        enabled: hasCurrent,
        run: () => setEdgeAtPlayhead('start'),
      },
      {
        id: 'subtitles.end',
        label: 'End at playhead',
        keys: ['F12', 'O'],
        group: cue,
        enabled: hasCurrent,
        run: () => setEdgeAtPlayhead('end'),
      },
      {
        id: 'subtitles.end-next',
        label: 'End at playhead, go to next cue',
        keys: ['Shift+F12'],
        group: cue,
        enabled: hasCurrent,
        run: endHereAndNext,
      },
      {
        id: 'subtitles.play-cue',
        label: 'Play current cue',
        keys: ['F5'],
        group: transport,
        enabled: hasCurrent,
        run: playCurrentCue,
      },
      {
        id: 'subtitles.loop-cue',
        label: 'Loop current cue on/off',
        keys: ['Shift+F5'],
        group: transport,
        allowInText: true,
        run: toggleLoop,
      },
      {
        id: 'subtitles.zoom-in',
        label: 'Zoom waveform in',
        keys: ['='],
        group: transport,
        run: () => zoomWave(1),
      },
      {
        id: 'subtitles.zoom-out',
        label: 'Zoom waveform out',
        keys: ['-'],
        group: transport,
        run: () => zoomWave(-1),
      },
      {
        id: 'subtitles.zoom-reset',
        label: 'Waveform zoom back to start',
        keys: ['0'],
        group: transport,
        run: () => zoomWave(0),
      },
      {
        id: 'subtitles.play',
        label: 'Play / pause',
        keys: ['Space'],
        group: transport,
        run: player.togglePlay,
      },
      {
        id: 'subtitles.play-in-text',
        label: 'Play / pause (while typing)',
        keys: ['Ctrl+Space'],
        group: transport,
        allowInText: true,
        run: player.togglePlay,
      },
      {
        id: 'subtitles.insert',
        label: 'Insert cue after current',
        keys: ['Insert'],
        group: edit,
        enabled: hasCues,
        run: () => insertCue('after'),
      },
      {
        id: 'subtitles.insert-before',
        label: 'Insert cue before current',
        keys: ['Alt+Insert'],
        group: edit,
        enabled: hasCues,
        run: () => insertCue('before'),
      },
      {
        id: 'subtitles.delete',
        label: 'Delete current (or selected) cues',
        keys: ['Delete'],
        group: edit,
        enabled: hasCurrent,
        run: deleteCurrentCue,
      },
      {
        id: 'subtitles.split',
        label: 'Split cue at the caret',
        keys: ['Ctrl+Alt+V'],
        group: edit,
        allowInText: true,
        enabled: hasCurrent,
        run: splitCurrent,
      },
      {
        id: 'subtitles.merge',
        label: 'Merge with next (or the selected cues)',
        keys: ['Ctrl+Shift+M'],
        group: edit,
        allowInText: true,
        enabled: hasCurrent,
        run: mergeCurrent,
      },
      {
        id: 'subtitles.select-up',
        label: 'Extend selection up',
        keys: ['Shift+ArrowUp'],
        group: cue,
        enabled: hasCurrent,
        run: () => extendSelection(-1),
      },
      {
        id: 'subtitles.select-down',
        label: 'Extend selection down',
        keys: ['Shift+ArrowDown'],
        group: cue,
        enabled: hasCurrent,
        run: () => extendSelection(1),
      },
      {
        id: 'subtitles.find',
        label: 'Find',
        keys: ['Ctrl+F'],
        group: edit,
        allowInText: true,
        run: openFind('find'),
      },
      {
        id: 'subtitles.replace',
        label: 'Find and replace',
        keys: ['Ctrl+H'],
        group: edit,
        allowInText: true,
        run: openFind('replace'),
      },
      {
        id: 'subtitles.find-next',
        label: 'Find next',
        keys: ['F3'],
        group: edit,
        run: findStep(1),
      },
      {
        id: 'subtitles.find-previous',
        label: 'Find previous',
        keys: ['Shift+F3'],
        group: edit,
        run: findStep(-1),
      },
      {
        id: 'subtitles.issue-list',
        label: 'Show the QC issue list',
        keys: ['Ctrl+F8'],
        group: edit,
        allowInText: true,
        run: showIssueList,
      },
      {
        id: 'subtitles.save',
        label: 'Save project',
        keys: ['Ctrl+S'],
        group: 'File',
        allowInText: true,
        enabled: () => !!useOpenProject.getState().project,
        run: () => void saveProject(false),
      },
      {
        id: 'subtitles.next-issue',
        label: 'Next QC issue',
        keys: ['F8'],
        group: edit,
        enabled: () => latestIssues().length > 0,
        run: () => stepIssue(latestIssues(), 1),
      },
      {
        id: 'subtitles.previous-issue',
        label: 'Previous QC issue',
        keys: ['Shift+F8'],
        group: edit,
        enabled: () => latestIssues().length > 0,
        run: () => stepIssue(latestIssues(), -1),
      },
    ];
    return list.map((command) => ({ ...command, scope: 'subtitles' as const }));
  }, []);
  useCommands('subtitles', commands);
}
