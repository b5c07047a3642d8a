// The card that says what happened to each line of a bulk submission (a paste or an uploaded CSV):
// a heading with a one-line summary, a close button, then one row per line with its status badge.
import { X } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';

export type LineResultRow = {
  /** The line's number in the submission; the row's key. */
  line: number;
  /** The number shown to her, when it differs from `line` (e.g. the line in her file). */
  shownLine?: number | undefined;
  /** Set as `data-status` on the row. */
  status: string;
  input: string;
  message: string;
  badge: { label: string; variant: ComponentProps<typeof Badge>['variant']; icon: ReactNode };
};

export function LineResults({
  title,
  summary,
  dismissLabel,
  onDismiss,
  listLabel,
  rows,
  children,
}: {
  title: string;
  summary: string;
  /** The close button's accessible name. */
  dismissLabel: string;
  onDismiss: () => void;
  /** The list's accessible name. */
  listLabel: string;
  rows: LineResultRow[];
  /** Shown between the heading and the list. */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm break-all text-muted-foreground">{summary}</p>
        </div>
        <Button variant="ghost" size="icon" aria-label={dismissLabel} onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {children}
      <ol
        aria-label={listLabel}
        className="mt-4 max-h-96 divide-y overflow-y-auto rounded-lg border text-sm"
      >
        {rows.map((row) => (
          <li
            key={row.line}
            data-status={row.status}
            className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[3.5rem_minmax(0,2fr)_minmax(0,3fr)]"
          >
            <span className="text-muted-foreground tabular-nums">
              Line {row.shownLine ?? row.line}
            </span>
            <span className="min-w-0 font-mono text-xs break-all sm:pt-0.5">
              {row.input === '' ? <em className="font-sans">(empty)</em> : row.input}
            </span>
            <span className="col-start-2 flex min-w-0 flex-wrap items-start gap-2 sm:col-start-auto">
              <Badge variant={row.badge.variant}>
                {row.badge.icon}
                {row.badge.label}
              </Badge>
              <span className="min-w-0 text-muted-foreground">{row.message}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
