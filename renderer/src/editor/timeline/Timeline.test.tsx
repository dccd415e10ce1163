import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Timeline, type TimelineProps } from './Timeline';

/**
 * The component's first render as markup, in Node: the test ids, data attributes and accessible
 * names the Score screen and its e2e rely on. Gestures run in Chromium in the workspace's e2e;
 * their rules are unit-tested in edge-drag.test.ts.
 */
const noop = () => undefined;

function render(over: Partial<TimelineProps> = {}): string {
  const props: TimelineProps = {
    durationMs: 20_000,
    playheadMs: 2500,
    onSeek: noop,
    pxPerSecond: 40,
    onZoom: noop,
    shotsMs: [4200, 11_000],
    snapping: true,
    onEdgeDragCommit: noop,
    onEditPrompt: noop,
    lanes: [
      { kind: 'source', id: 'source', label: 'Source', note: 'This video has no sound' },
      {
        kind: 'music',
        id: 'music',
        label: 'Music',
        segments: [
          { id: 'a', startMs: 0, endMs: 4200, prompt: 'warm pads' },
          { id: 'b', startMs: 4200, endMs: 9000, prompt: '' },
        ],
      },
      { kind: 'sfx', id: 'sfx', label: 'SFX', segments: [] },
      {
        kind: 'take',
        id: 'music-takes',
        label: 'Music takes',
        takes: [
          { id: 't1', label: 'Take 1', active: false, durationMs: 9000 },
          { id: 't2', label: 'Take 2', active: true, durationMs: 9000 },
        ],
      },
    ],
    ...over,
  };
  return renderToStaticMarkup(<Timeline {...props} />);
}

type Tag = { name: string; attrs: Record<string, string> };

/** Opening tags with their attributes (React escapes quotes in values, so this is exact). */
function tags(html: string): Tag[] {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<([a-z]+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    name: match[1]!,
    attrs: Object.fromEntries(
      [...match[2]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, unescape(a[2] ?? '')]),
    ),
  }));
}

const byTestId = (html: string, id: string) =>
  tags(html).filter((tag) => tag.attrs['data-testid'] === id);

describe('Timeline markup', () => {
  it('marks the root with the duration and every lane with its kind', () => {
    const html = render();
    expect(byTestId(html, 'timeline')[0]?.attrs['data-duration-ms']).toBe('20000');
    expect(byTestId(html, 'lane').map((lane) => lane.attrs['data-lane'])).toEqual([
      'source',
      'music',
      'sfx',
      'take',
    ]);
    expect(html).toContain('This video has no sound');
  });

  it('gives each segment its span, lane and the rule it breaks, named for screen readers', () => {
    const segments = byTestId(render(), 'segment');
    expect(
      segments.map((s) => [s.attrs['data-lane'], s.attrs['data-start-ms'], s.attrs['data-end-ms']]),
    ).toEqual([
      ['music', '0', '4200'],
      ['music', '4200', '9000'],
    ]);
    expect(segments[0]!.attrs['data-problem']).toBeUndefined();
    expect(segments[0]!.attrs['aria-label']).toBe('Music segment 1, 0:00.0 to 0:04.2: warm pads');
    expect(segments[1]!.attrs['data-problem']).toBe('prompt-length');
    expect(segments[1]!.attrs['aria-label']).toMatch(
      /^Music segment 2, 0:04\.2 to 0:09\.0: No prompt yet\. Segment 2: prompt must be 1–200/,
    );
    expect(segments.every((s) => s.attrs.role === 'button' && s.attrs.tabindex === '0')).toBe(true);
  });

  it('places shot markers and movable edges at their times (the first start is fixed)', () => {
    const html = render();
    const markers = byTestId(html, 'shot-marker');
    expect(markers.map((m) => m.attrs['data-ms'])).toEqual(['4200', '11000']);
    // 11 s at 40 px/s.
    expect(markers[1]!.attrs.style).toContain('left:440px');
    const edges = byTestId(html, 'segment-edge');
    expect(edges.map((e) => [e.attrs['data-edge'], e.attrs['data-ms']])).toEqual([
      ['1', '4200'],
      ['2', '9000'],
    ]);
  });

  it('makes shot markers buttons, one in the tab order, when the screen can edit them', () => {
    const actions = { selectedMs: 11_000, onSelect: noop, onRemove: noop };
    const markers = byTestId(render({ shotActions: actions }), 'shot-marker');
    expect(markers.map((m) => m.name)).toEqual(['button', 'button']);
    expect(markers.map((m) => m.attrs['aria-pressed'])).toEqual(['false', 'true']);
    expect(markers.map((m) => m.attrs.tabindex)).toEqual(['-1', '0']);
    expect(markers[1]!.attrs['aria-label']).toMatch(/^Shot change at /);
    // Read-only: plain lines again, out of the accessibility tree.
    const readOnly = byTestId(render({ shotActions: actions, readOnly: true }), 'shot-marker');
    expect(readOnly.map((m) => m.name)).toEqual(['div', 'div']);
  });

  it('shows a read-only lane without edge handles', () => {
    expect(byTestId(render({ readOnly: true }), 'segment-edge')).toEqual([]);
    expect(byTestId(render({ readOnly: true }), 'segment')).toHaveLength(2);
  });

  it('reports a screen-side problem on its segment', () => {
    const segments = byTestId(
      render({ problems: { a: 'The service refused this prompt.' } }),
      'segment',
    );
    expect(segments[0]!.attrs['data-problem']).toBe('reported');
    expect(segments[0]!.attrs['aria-label']).toContain('The service refused this prompt.');
  });

  it('lists takes with the active one pressed, and the playhead as a slider', () => {
    const html = render();
    const rows = byTestId(html, 'timeline-take');
    expect(rows.map((r) => [r.attrs['data-take-id'], r.attrs['data-active']])).toEqual([
      ['t1', undefined],
      ['t2', 'true'],
    ]);
    const pressed = tags(html).filter((t) => t.attrs['aria-pressed'] !== undefined);
    expect(pressed.map((t) => [t.attrs['aria-label'], t.attrs['aria-pressed']])).toEqual([
      ['Take 1 (Music takes)', 'false'],
      ['Take 2 (Music takes), active', 'true'],
    ]);
    // The Snap toggle appears only when the screen can change snapping.
    const withToggle = tags(render({ onSnappingChange: noop, snapping: false }));
    expect(withToggle.filter((t) => t.attrs['aria-pressed'] === 'false')).toHaveLength(2);
    const slider = tags(html).find((t) => t.attrs.role === 'slider');
    expect(slider?.attrs['aria-valuetext']).toBe('0:02.5 of 0:20.0');
  });
});
