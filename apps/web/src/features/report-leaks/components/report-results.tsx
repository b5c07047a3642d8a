// What happened to each address of a report: accepted, a duplicate, not valid (with why), or whitelisted.
import type { ReportLineStatus } from '@shark/contracts/report-leaks.ts';
import { CircleCheck, CircleX, Copy, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { LineResults } from '#app/components/line-results.tsx';
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
  const { result, source, lines } = outcome;
  return (
    <LineResults
      title="Report sent"
      summary={`${source}: ${resultSummary(result)}.`}
      dismissLabel="Close the report’s results"
      onDismiss={onDismiss}
      listLabel="Result of each address"
      rows={result.results.map((line) => ({
        line: line.line,
        shownLine: lines?.[line.line - 1],
        status: line.status,
        input: line.input,
        message: line.message,
        badge: { ...STATUS[line.status], label: LINE_STATUS_LABELS[line.status] },
      }))}
    />
  );
}
