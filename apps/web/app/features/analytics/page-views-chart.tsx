import type { PageViews } from "@heirloom/contract";

const width = 720;
const height = 200;

/** Views per day as bars (an SVG drawn with attributes only: the strict CSP allows no inline style). */
export function PageViewsChart({ days }: { days: PageViews["days"] }) {
  const most = Math.max(1, ...days.map((d) => d.views));
  const slot = width / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.views, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Page views per day over the last ${days.length} days: ${total} in all, at most ${most} in one day.`}
      >
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-line" strokeWidth={1} />
        {days.map((d, i) => {
          const barHeight = (d.views / most) * (height - 8);
          return (
            <rect
              key={d.day}
              x={i * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              rx={2}
              className="fill-accent"
            >
              <title>{`${d.day}: ${d.views} ${d.views === 1 ? "view" : "views"}`}</title>
            </rect>
          );
        })}
        <text x={0} y={height + 18} className="fill-ink-muted text-[12px]">
          {days[0]?.day}
        </text>
        <text x={width} y={height + 18} textAnchor="end" className="fill-ink-muted text-[12px]">
          {days.at(-1)?.day}
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-ink-muted">
        {total} {total === 1 ? "view" : "views"} in the last {days.length} days.
      </figcaption>
    </figure>
  );
}
