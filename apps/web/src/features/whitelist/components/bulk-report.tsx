// What happened to each line of a paste or CSV import: added, duplicate, unreadable, or over the limit.
import type { WhitelistBulkReport, WhitelistLineStatus } from '@shark/contracts/whitelist.ts';
import { Link } from '@tanstack/react-router';
import { Ban, CircleCheck, CircleX, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { LineResults } from '#app/components/line-results.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
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
  return (
    <LineResults
      title="Import report"
      summary={`${source}: ${reportSummary(report)}.`}
      dismissLabel="Close the import report"
      onDismiss={onDismiss}
      listLabel="Result of each line"
      rows={report.results.map((result) => ({
        line: result.line,
        status: result.status,
        input: result.input,
        message: result.message,
        badge: STATUS[result.status],
      }))}
    >
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
    </LineResults>
  );
}
