// The dashboard's charts (recharts, loaded after the page: the first render does not wait for them):
// found, notices sent and removed over the chosen range, and found and removed by kind of site. Each
// chart has a table of the same numbers for screen readers.
import { SITE_KIND_LABELS, type DashboardSummary } from '@shark/contracts/takedown-report.ts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bucketLabel } from '#app/features/dashboard/lib/format.ts';

const COLORS = {
  found: 'color-mix(in oklab, var(--brand-light) 55%, white)',
  noticesSent: 'var(--brand-light)',
  removed: 'var(--brand-dark)',
};

const axis = { fontSize: 12, fill: 'var(--muted-foreground)' };

function SrTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverTimeChart({ series }: { series: DashboardSummary['series'] }) {
  const data = series.points.map((p) => ({ ...p, label: bucketLabel(p.start, series.bucket) }));
  return (
    <figure className="grid gap-2">
      <div aria-hidden="true" className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{ borderRadius: 8, fontSize: 12 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="found" name="Found" fill={COLORS.found} radius={[3, 3, 0, 0]} />
            <Bar
              dataKey="noticesSent"
              name="Notices sent"
              fill={COLORS.noticesSent}
              radius={[3, 3, 0, 0]}
            />
            <Bar dataKey="removed" name="Removed" fill={COLORS.removed} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption="Found, notices sent and removed over time"
        head={['Period', 'Found', 'Notices sent', 'Removed']}
        rows={data.map((p) => [p.label, p.found, p.noticesSent, p.removed])}
      />
    </figure>
  );
}

export function BySiteKindChart({ bySiteKind }: { bySiteKind: DashboardSummary['bySiteKind'] }) {
  const data = bySiteKind.map((k) => ({ ...k, label: SITE_KIND_LABELS[k.siteKind] }));
  return (
    <figure className="grid gap-2">
      <div aria-hidden="true" className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
          >
            <CartesianGrid horizontal={false} stroke="var(--border)" />
            <XAxis
              type="number"
              allowDecimals={false}
              tick={axis}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={112}
              tick={axis}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{ borderRadius: 8, fontSize: 12 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="found" name="Found" fill={COLORS.found} radius={[0, 3, 3, 0]} />
            <Bar dataKey="removed" name="Removed" fill={COLORS.removed} radius={[0, 3, 3, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption="Found and removed by kind of site"
        head={['Kind of site', 'Found', 'Removed']}
        rows={data.map((k) => [k.label, k.found, k.removed])}
      />
    </figure>
  );
}
