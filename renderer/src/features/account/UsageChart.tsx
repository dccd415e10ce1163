import { formatCost, formatCount } from '../../lib/format';
import { niceMax, type UsageBar, type UsageMetric } from './usage-series';

const WIDTH = 1000;
const HEIGHT = 200;
const LEFT = 52;
const BOTTOM = 22;
const TOP = 8;

export function formatMetric(value: number, metric: UsageMetric): string {
  if (metric === 'cost') return formatCost(value);
  if (metric === 'seconds') return `${formatCount(value)} s`;
  return formatCount(value);
}

/** Daily bars drawn in SVG (no chart library): the y axis top is rounded, zero days stay visible. */
export function UsageChart({ bars, metric }: { bars: UsageBar[]; metric: UsageMetric }) {
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const first = bars[0]?.date;
  const last = bars[bars.length - 1]?.date;
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Daily ${metric} from ${first} to ${last}; total ${formatMetric(total, metric)}`}
        data-testid="usage-chart"
      >
        {[0, 0.5, 1].map((f) => {
          const y = TOP + plotHeight * (1 - f);
          // Counts have no half steps: a mid line at 0.5 requests stays unlabelled.
          const labelled = metric === 'cost' || Number.isInteger(top * f);
          return (
            <g key={f}>
              <line className="chart__grid" x1={LEFT} x2={WIDTH} y1={y} y2={y} />
              {labelled && (
                <text className="chart__label" x={LEFT - 6} y={y + 4} textAnchor="end">
                  {formatMetric(top * f, metric)}
                </text>
              )}
            </g>
          );
        })}
        {bars.map((bar, index) => {
          const height = (bar.value / top) * plotHeight;
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          return (
            <rect
              key={bar.date}
              className={bar.value > 0 ? 'chart__bar' : 'chart__bar chart__bar--zero'}
              x={x}
              y={TOP + plotHeight - Math.max(height, 1)}
              width={barWidth}
              height={Math.max(height, 1)}
              rx={Math.min(3, barWidth / 3)}
            >
              <title>{`${bar.date}: ${formatMetric(bar.value, metric)}`}</title>
            </rect>
          );
        })}
        {first && (
          <text className="chart__label" x={LEFT} y={HEIGHT - 4}>
            {first}
          </text>
        )}
        {last && last !== first && (
          <text className="chart__label" x={WIDTH} y={HEIGHT - 4} textAnchor="end">
            {last}
          </text>
        )}
      </svg>
    </figure>
  );
}
