// What happened to each line of a paste or CSV import: added, duplicate, unreadable, or over the limit.
import type { WhitelistBulkReport, WhitelistLineStatus } from '@shark/contracts/whitelist.ts';
import { Link } from '@tanstack/react-router';
import { Ban, CircleCheck, CircleX, Copy, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { reportSummary } from '#app/features/whitelist/lib/labels.ts';

const STATUS: Record<
  WhitelistLineStatus,
  { label: string; variant: 'secondary' | 'outline' | 'destructive' | 'warning'; icon: ReactNode }
> = {
  added: { label: 'Added', variant: 'secondary', icon: <CircleCheck aria-hidden="true" /> },
  duplicate: { label: 'Duplicate', variant: 'outline', icon: <Copy aria-hidden="true" /> },
  invalid: { label: 'Not valid', variant: 'destructive', icon: <CircleX aria-hidden="true" /> },
  refused: { label: 'Over limit', variant: 'warning', icon: <Ban aria-hidden="true" /> },
};

export function BulkReport({
  report,
  source,
  onDismiss,
}: {
  report: WhitelistBulkReport;
  /** "Pasted list" or the file's name. */
  source: string;
  onDismiss: () => void;
}) {
  const headingId = useId();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            Import report
          </h2>
          <p className="mt-1 text-sm break-all text-muted-foreground">
            {source}: {reportSummary(report)}.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close the import report"
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {report.limitMessage ? (
        <Alert variant="error" className="mt-4">
          <Ban aria-hidden="true" />
          <p>
            {report.counts.refused === 1 ? '1 entry was' : `${report.counts.refused} entries were`}{' '}
            not added: {report.limitMessage}{' '}
            <Link to="/plans" className="font-medium underline underline-offset-4">
              See the plans
            </Link>
          </p>
        </Alert>
      ) : null}
      <ol
        aria-label="Result of each line"
        className="mt-4 max-h-96 divide-y overflow-y-auto rounded-lg border text-sm"
      >
        {report.results.map((result) => {
          const status = STATUS[result.status];
          return (
            <li
              key={result.line}
              data-status={result.status}
              className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[3.5rem_minmax(0,2fr)_minmax(0,3fr)]"
            >
              <span className="text-muted-foreground tabular-nums">Line {result.line}</span>
              <span className="min-w-0 font-mono text-xs break-all sm:pt-0.5">
                {result.input === '' ? <em className="font-sans">(empty)</em> : result.input}
              </span>
              <span className="col-start-2 flex min-w-0 flex-wrap items-start gap-2 sm:col-start-auto">
                <Badge variant={status.variant}>
                  {status.icon}
                  {status.label}
                </Badge>
                <span className="min-w-0 text-muted-foreground">{result.message}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
