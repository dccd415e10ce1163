import { useMemo } from 'react';
import { useCommands } from '../../editor/commands';
import {
  insertAtPlayhead,
  rippleDeleteSelected,
  segmentEdgesMs,
  setSelectedEdge,
  splitAtPlayhead,
  targetLane,
} from './lane-edits';
import * as player from '../../editor/media/player';
import { useScoreStore } from './score-store';
import { markIn, markOut, toggleLoop } from './loop-store';
import { cycleTake } from './take-edits';
import { deleteSelection } from './take-selection';
import { addShotAtPlayhead, removeShotChange } from './shot-edits';
import { useTransport } from '../../editor/media/transport-store';

export interface ScoreCommandDeps {
  /** Shot changes as shown (detected, with the user's edits) and as detected. */
  shotsMs: readonly number[];
  detectedMs: readonly number[];
  fps: number;
  openExport: () => void;
  save: () => void;
  /** The timeline's own zoom (anchored at the playhead), for = / - / 0. */
  zoom: { zoomIn(): void; zoomOut(): void; fit(): void };
}

function editable(): boolean {
  const project = useScoreStore.getState().project;
  return !!project && !project.readOnly;
}

/**
 * The Score workspace's commands (keys as NLE users expect them, docs/editing.md): one list
 * feeds the key dispatcher, the shortcuts sheet and the native menu. Undo/Redo are the global
 * commands, routed here by the undo claim (use-undo-claim.ts).
 */
export function useScoreCommands(deps: ScoreCommandDeps): void {
  const { shotsMs, detectedMs, fps, openExport, save, zoom } = deps;
  const commands = useMemo(() => {
    const frameMs = 1000 / (fps > 0 ? fps : 25);
    const edges = () => {
      const part = useScoreStore.getState().history?.present;
      return part ? segmentEdgesMs(part) : [];
    };
    const snapTargets = () => [...shotsMs, ...edges()];
    const transport = 'Transport';
    const edit = 'Edit';
    const view = 'View';
    return [
      {
        id: 'score.play',
        label: 'Play / pause',
        keys: ['Space'],
        group: transport,
        run: player.togglePlay,
      },
      {
        id: 'score.shuttle-back',
        label: 'Play backwards (repeat: faster)',
        keys: ['J'],
        group: transport,
        run: () => player.shuttle(-1),
      },
      { id: 'score.stop', label: 'Stop', keys: ['K'], group: transport, run: player.stop },
      {
        id: 'score.shuttle-forward',
        label: 'Play forwards (repeat: faster)',
        keys: ['L'],
        group: transport,
        run: () => player.shuttle(1),
      },
      {
        id: 'score.frame-back',
        label: 'Back one frame',
        keys: ['ArrowLeft', ','],
        group: transport,
        run: () => player.seekBy(-frameMs),
      },
      {
        id: 'score.frame-forward',
        label: 'Forward one frame',
        keys: ['ArrowRight', '.'],
        group: transport,
        run: () => player.seekBy(frameMs),
      },
      {
        id: 'score.second-back',
        label: 'Back one second',
        keys: ['Shift+ArrowLeft'],
        group: transport,
        run: () => player.seekBy(-1000),
      },
      {
        id: 'score.second-forward',
        label: 'Forward one second',
        keys: ['Shift+ArrowRight'],
        group: transport,
        run: () => player.seekBy(1000),
      },
      {
        id: 'score.shot-previous',
        label: 'Previous shot change',
        keys: ['Alt+ArrowLeft'],
        group: transport,
        run: () => player.seekToNeighbour(shotsMs, -1),
      },
      {
        id: 'score.shot-next',
        label: 'Next shot change',
        keys: ['Alt+ArrowRight'],
        group: transport,
        run: () => player.seekToNeighbour(shotsMs, 1),
      },
      {
        id: 'score.edge-previous',
        label: 'Previous segment edge',
        keys: ['ArrowUp'],
        group: transport,
        run: () => player.seekToNeighbour(edges(), -1),
      },
      {
        id: 'score.edge-next',
        label: 'Next segment edge',
        keys: ['ArrowDown'],
        group: transport,
        run: () => player.seekToNeighbour(edges(), 1),
      },
      {
        id: 'score.start',
        label: 'Go to start',
        keys: ['Home', 'Ctrl+Home'],
        group: transport,
        run: () => player.seek(0),
      },
      {
        id: 'score.end',
        label: 'Go to end',
        keys: ['End', 'Ctrl+End'],
        group: transport,
        run: player.seekToEnd,
      },
      {
        id: 'score.set-start',
        label: 'Segment start at playhead',
        keys: ['I'],
        group: edit,
        enabled: editable,
        run: () => setSelectedEdge('start', snapTargets()),
      },
      {
        id: 'score.set-end',
        label: 'Segment end at playhead',
        keys: ['O'],
        group: edit,
        enabled: editable,
        run: () => setSelectedEdge('end', snapTargets()),
      },
      // I / O set segment edges here (docs/editing.md), so the loop marks take Shift+I / Shift+O,
      // and the loop toggles with Shift+F5 as in Subtitles (docs/decisions/097-loop-region.md).
      {
        id: 'score.mark-in',
        label: 'Loop in at playhead',
        keys: ['Shift+I'],
        group: transport,
        run: markIn,
      },
      {
        id: 'score.mark-out',
        label: 'Loop out at playhead',
        keys: ['Shift+O'],
        group: transport,
        run: markOut,
      },
      {
        id: 'score.loop',
        label: 'Loop on/off',
        keys: ['Shift+F5'],
        group: transport,
        run: toggleLoop,
      },
      {
        id: 'score.insert',
        label: 'New segment at playhead',
        keys: ['Insert', '+'],
        group: edit,
        enabled: editable,
        run: insertAtPlayhead,
      },
      {
        id: 'score.split',
        label: 'Split at playhead',
        keys: ['S'],
        group: edit,
        enabled: editable,
        run: splitAtPlayhead,
      },
      {
        id: 'score.delete',
        label: 'Delete segment, take or shot change',
        keys: ['Delete'],
        group: edit,
        enabled: editable,
        run: () => deleteSelection(() => removeShotChange(detectedMs, shotsMs)),
      },
      {
        id: 'score.ripple-delete',
        label: 'Ripple delete segment (later ones move up)',
        keys: ['Shift+Delete'],
        group: edit,
        enabled: editable,
        run: rippleDeleteSelected,
      },
      {
        id: 'score.shot-add',
        label: 'Add shot change at playhead',
        keys: ['M'],
        group: edit,
        enabled: editable,
        run: () => addShotAtPlayhead(detectedMs),
      },
      {
        id: 'score.shot-remove',
        label: 'Remove selected (or nearest) shot change',
        keys: ['Shift+M'],
        group: edit,
        enabled: editable,
        run: () => removeShotChange(detectedMs, shotsMs),
      },
      {
        id: 'score.take-previous',
        label: 'Previous take (A/B)',
        keys: ['['],
        group: edit,
        enabled: editable,
        run: () => cycleTake(targetLane(), -1),
      },
      {
        id: 'score.take-next',
        label: 'Next take (A/B)',
        keys: [']'],
        group: edit,
        enabled: editable,
        run: () => cycleTake(targetLane(), 1),
      },
      {
        id: 'score.snapping',
        label: 'Snapping on/off',
        keys: ['N'],
        group: view,
        run: () => useTransport.getState().set({ snapping: !useTransport.getState().snapping }),
      },
      { id: 'score.zoom-in', label: 'Zoom in', keys: ['='], group: view, run: zoom.zoomIn },
      { id: 'score.zoom-out', label: 'Zoom out', keys: ['-'], group: view, run: zoom.zoomOut },
      { id: 'score.zoom-fit', label: 'Zoom to fit', keys: ['0'], group: view, run: zoom.fit },
      {
        id: 'score.save',
        label: 'Save project',
        keys: ['Ctrl+S'],
        group: 'File',
        allowInText: true,
        run: save,
      },
      {
        id: 'score.export',
        label: 'Export…',
        keys: ['Ctrl+E'],
        group: 'File',
        allowInText: true,
        run: openExport,
      },
    ].map((command) => ({ ...command, scope: 'score' as const }));
  }, [shotsMs, detectedMs, fps, openExport, save, zoom]);
  useCommands('score', commands);
}
