// The report's table: a row per takedown with its status, page, kinds, dates and current recipient;
// the sortable columns' headers change the order in the address. A row opens the takedown's details.
import {
  RECIPIENT_ROLE_LABELS,
  SITE_KIND_LABELS,
  TAKEDOWN_KIND_LABELS,
  type TakedownReportRow,
  type TakedownSort,
} from '@shark/contracts/takedown-report.ts';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, PanelRightOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TakedownStatusBadge } from '#app/features/takedown-report/components/status-badge.tsx';
import { formatDateTime, formatDay } from '#app/features/takedown-report/lib/labels.ts';
import {
  DEFAULT_DIR,
  DEFAULT_SORT,
  type TakedownReportSearch,
} from '#app/features/takedown-report/lib/report-search.ts';
import { cn } from '#app/lib/utils.ts';

function SortHeader({
  search,
  sort,
  children,
  className,
}: {
  search: TakedownReportSearch;
  sort: TakedownSort;
  children: ReactNode;
  className?: string;
}) {
  const current = search.sort ?? DEFAULT_SORT;
  const dir = search.dir ?? DEFAULT_DIR;
  const isSorted = current === sort;
  // A new column starts with its newest (dates) or first (status, host) entries.
  const nextDir = isSorted
    ? dir === 'asc'
      ? 'desc'
      : 'asc'
    : sort === 'status' || sort === 'host'
      ? 'asc'
      : 'desc';
  const Icon = !isSorted ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 text-left font-medium', className)}
    >
      <Link
        to="/takedown-report"
        search={(prev) => ({ ...prev, sort, dir: nextDir, cursor: undefined })}
        replace
        className="inline-flex items-center gap-1 rounded-sm whitespace-nowrap outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', !isSorted && 'opacity-50')} />
        <span className="sr-only">
          {isSorted ? `, sorted ${dir === 'asc' ? 'ascending' : 'descending'}` : ', not sorted'}
        </span>
      </Link>
    </th>
  );
}

function DateCell({ iso }: { iso: string | null }) {
  return (
    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
      {iso ? (
        <time dateTime={iso} title={formatDateTime(iso)}>
          {formatDay(iso)}
        </time>
      ) : (
        <span className="text-muted-foreground">—</span>
      )}
    </td>
  );
}

export function ReportTable({
  rows,
  search,
  onOpen,
  isStale,
}: {
  rows: TakedownReportRow[];
  search: TakedownReportSearch;
  /** Opens the takedown's details. */
  onOpen: (takedownId: string) => void;
  /** The rows shown are the previous page's while the next one loads. */
  isStale: boolean;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-2xl border bg-card', isStale && 'opacity-60')}>
      <table className="w-full min-w-[60rem] text-sm" aria-label="Takedowns" aria-busy={isStale}>
        <thead className="border-b bg-muted/50 text-muted-foreground">
          <tr>
            <SortHeader search={search} sort="status">
              Status
            </SortHeader>
            <SortHeader search={search} sort="host">
              Page
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Kind
            </th>
            <SortHeader search={search} sort="confirmedAt">
              Confirmed
            </SortHeader>
            <SortHeader search={search} sort="noticeSentAt">
              Notice sent
            </SortHeader>
            <SortHeader search={search} sort="removedAt">
              Removed
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Last checked
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Recipient
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-testid="takedown-row"
              data-takedown-id={row.id}
              onClick={(event) => {
                // Links in the row keep their own meaning.
                if ((event.target as HTMLElement).closest('a,button')) return;
                onOpen(row.id);
              }}
              className="cursor-pointer border-b last:border-b-0 hover:bg-muted/40"
            >
              <td className="px-3 py-2">
                <TakedownStatusBadge status={row.status} />
              </td>
              <td className="max-w-[22rem] px-3 py-2">
                <a
                  href={row.pageUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 font-medium hover:underline"
                >
                  <span className="truncate">{row.host}</span>
                  <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                <p className="truncate text-xs text-muted-foreground" title={row.pageUrl}>
                  {row.pageUrl}
                </p>
                {row.isDarkWeb ? (
                  <Badge variant="secondary" className="mt-1">
                    Dark web
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {TAKEDOWN_KIND_LABELS[row.kind]}
                <p className="text-xs text-muted-foreground">{SITE_KIND_LABELS[row.siteKind]}</p>
              </td>
              <DateCell iso={row.confirmedAt} />
              <DateCell iso={row.noticeSentAt} />
              <DateCell iso={row.removedAt} />
              <DateCell iso={row.lastCheckedAt} />
              <td className="max-w-[14rem] px-3 py-2">
                {row.recipient ? (
                  <>
                    <p className="truncate">{row.recipient.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {RECIPIENT_ROLE_LABELS[row.recipient.role]} · {row.recipient.address}
                    </p>
                  </>
                ) : (
                  <span className="text-muted-foreground">Not known yet</span>
                )}
              </td>
              <td className="px-3 py-2 text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onOpen(row.id)}
                  aria-label={`Details of the takedown of ${row.pageUrl}`}
                >
                  <PanelRightOpen aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
