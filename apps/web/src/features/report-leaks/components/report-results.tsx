// What happened to each address of a report: accepted, a duplicate, not valid (with why), or whitelisted.
import type { ReportLineStatus } from '@shark/contracts/reports.ts';
import { CircleCheck, CircleX, Copy, ShieldCheck, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import type { ReportOutcome } from '#app/features/report-leaks/components/report-form.tsx';
import { LINE_STATUS_LABELS, resultSummary } from '#app/features/report-leaks/lib/labels.ts';

const STATUS: Record<
  ReportLineStatus,
  { variant: 'secondary' | 'outline' | 'destructive' | 'warning'; icon: ReactNode }
> = {
  accepted: { variant: 'secondary', icon: <CircleCheck aria-hidden="true" /> },
  duplicate: { variant: 'outline', icon: <Copy aria-hidden="true" /> },
  invalid: { variant: 'destructive', icon: <CircleX aria-hidden="true" /> },
  whitelisted: { variant: 'warning', icon: <ShieldCheck aria-hidden="true" /> },
};

export function ReportResults({
  outcome,
  onDismiss,
}: {
  outcome: ReportOutcome;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const { result, source, lines } = outcome;
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            Report sent
          </h2>
          <p className="mt-1 text-sm break-all text-muted-foreground">
            {source}: {resultSummary(result)}.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close the report’s results"
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <ol
        aria-label="Result of each address"
        className="mt-4 max-h-96 divide-y overflow-y-auto rounded-lg border text-sm"
      >
        {result.results.map((line) => {
          const status = STATUS[line.status];
          const shownLine = lines?.[line.line - 1] ?? line.line;
          return (
            <li
              key={line.line}
              data-status={line.status}
              className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[3.5rem_minmax(0,2fr)_minmax(0,3fr)]"
            >
              <span className="text-muted-foreground tabular-nums">Line {shownLine}</span>
              <span className="min-w-0 font-mono text-xs break-all sm:pt-0.5">
                {line.input === '' ? <em className="font-sans">(empty)</em> : line.input}
              </span>
              <span className="col-start-2 flex min-w-0 flex-wrap items-start gap-2 sm:col-start-auto">
                <Badge variant={status.variant}>
                  {status.icon}
                  {LINE_STATUS_LABELS[line.status]}
                </Badge>
                <span className="min-w-0 text-muted-foreground">{line.message}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
