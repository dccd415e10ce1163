import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';

/** A theme colour from the page's custom properties (wavesurfer needs plain values). */
export function style(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Region fills: every cue lightly tinted, the current one clearly stronger. */
export const COLORS = () => ({
  fill: style('--accent-soft', 'rgba(94, 196, 182, 0.14)'),
  current: 'rgba(94, 196, 182, 0.34)',
});

/**
 * A region's cue number, drawn at its top-left. Styled through the element's style (CSSOM),
 * which the CSP allows where a style attribute or <style> tag is refused.
 */
export function numberLabel(text: string): HTMLElement {
  const label = document.createElement('span');
  label.textContent = text;
  Object.assign(label.style, {
    display: 'inline-block',
    padding: '1px 4px',
    fontSize: '11px',
    fontWeight: '600',
    lineHeight: '14px',
    color: '#fff',
    background: 'rgba(0, 0, 0, 0.55)',
    borderRadius: '0 0 3px 0',
    pointerEvents: 'none',
  });
  return label;
}

/** The current cue's region stands out: a stronger fill and an outline in the accent colour. */
export function markCurrent(
  region: Region,
  current: boolean,
  colors: { fill: string; current: string },
) {
  const el = region.element;
  if (!el || el.dataset['current'] === String(current)) return;
  el.dataset['current'] = String(current);
  region.setOptions({ color: current ? colors.current : colors.fill });
  el.style.boxShadow = current ? `inset 0 0 0 2px ${style('--accent-strong', '#7fd8cb')}` : '';
  el.style.zIndex = current ? '1' : '';
}
