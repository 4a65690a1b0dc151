import { useId } from "react";

/**
 * Charts drawn as SVG on the server: they show without JavaScript and add no chart library to
 * the browser. Each is an image with a title and a description that states every number, and
 * its labels are real text.
 */

function ChartFrame({
  title,
  description,
  viewBox,
  children,
}: {
  title: string;
  description: string;
  viewBox: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={viewBox}
      className="h-auto w-full"
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** Horizontal bars with a label and a percentage each. */
export function BarChart({ title, data }: { title: string; data: { label: string; value: number }[] }) {
  const rowHeight = 34;
  const height = data.length * rowHeight + 4;
  const description = data.map((item) => `${item.label}: ${item.value}%`).join(", ");
  return (
    <ChartFrame title={title} description={description} viewBox={`0 0 320 ${height}`}>
      {data.map((item, index) => {
        const y = index * rowHeight;
        return (
          <g key={item.label} aria-hidden="true">
            <text x="0" y={y + 12} className="fill-slate-700" fontSize="12">
              {item.label.length > 28 ? `${item.label.slice(0, 27)}…` : item.label}
            </text>
            <text x="320" y={y + 12} textAnchor="end" className="fill-slate-900" fontSize="12" fontWeight="600">
              {item.value}%
            </text>
            <rect x="0" y={y + 18} width="320" height="8" rx="4" className="fill-slate-100" />
            <rect
              x="0"
              y={y + 18}
              width={Math.max(item.value > 0 ? 4 : 0, (item.value / 100) * 320)}
              height="8"
              rx="4"
              className="fill-brand-600"
            />
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** A ring showing how much of a whole is done, with the percentage in the middle. */
export function CompletionRing({ title, done, total }: { title: string; done: number; total: number }) {
  const percentage = total > 0 ? Math.round((done / total) * 100) : 0;
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  return (
    <ChartFrame title={title} description={`${done} of ${total} completed, ${percentage}%.`} viewBox="0 0 120 120">
      <g aria-hidden="true">
        <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="14" className="stroke-slate-100" />
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="14"
          strokeLinecap="round"
          strokeDasharray={`${(percentage / 100) * circumference} ${circumference}`}
          transform="rotate(-90 60 60)"
          className="stroke-emerald-600"
        />
        <text x="60" y="66" textAnchor="middle" fontSize="20" fontWeight="700" className="fill-slate-900">
          {percentage}%
        </text>
      </g>
    </ChartFrame>
  );
}

export interface SeriesPoint {
  label: string;
  values: number[];
}

const SERIES_CLASSES = ["fill-brand-600", "fill-violet-600", "fill-pink-600", "fill-emerald-600", "fill-amber-500"];

/** Stacked columns over time, with a legend; the description lists every column's numbers. */
export function StackedColumns({ title, series, points }: { title: string; series: string[]; points: SeriesPoint[] }) {
  const width = 320;
  const chartHeight = 120;
  const top = 14;
  const max = Math.max(1, ...points.map((point) => point.values.reduce((sum, value) => sum + value, 0)));
  const slot = width / Math.max(1, points.length);
  const barWidth = Math.min(26, slot * 0.6);
  const description = points
    .map((point) => `${point.label}: ${series.map((name, index) => `${point.values[index] ?? 0} ${name}`).join(", ")}`)
    .join("; ");
  return (
    <div className="max-w-md">
      <ChartFrame title={title} description={description} viewBox={`0 0 ${width} ${top + chartHeight + 20}`}>
        <g aria-hidden="true">
          <line x1="0" x2={width} y1={top + chartHeight} y2={top + chartHeight} className="stroke-slate-300" />
          {points.map((point, index) => {
            const x = index * slot + (slot - barWidth) / 2;
            let y = top + chartHeight;
            const total = point.values.reduce((sum, value) => sum + value, 0);
            return (
              <g key={point.label}>
                {point.values.map((value, seriesIndex) => {
                  const height = (value / max) * chartHeight;
                  y -= height;
                  return (
                    <rect
                      key={series[seriesIndex]}
                      x={x}
                      y={y}
                      width={barWidth}
                      height={height}
                      className={SERIES_CLASSES[seriesIndex % SERIES_CLASSES.length]}
                    />
                  );
                })}
                {total > 0 ? (
                  <text x={x + barWidth / 2} y={y - 3} textAnchor="middle" fontSize="11" className="fill-slate-700">
                    {total}
                  </text>
                ) : null}
                <text
                  x={x + barWidth / 2}
                  y={top + chartHeight + 14}
                  textAnchor="middle"
                  fontSize="10"
                  className="fill-slate-600"
                >
                  {point.label}
                </text>
              </g>
            );
          })}
        </g>
      </ChartFrame>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend">
        {series.map((name, index) => (
          <li key={name} className="flex items-center gap-1.5">
            <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3">
              <rect width="10" height="10" rx="2" className={SERIES_CLASSES[index % SERIES_CLASSES.length]} />
            </svg>
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
