// What an entry shows everywhere: its identifiers, evidence links and dates. Evidence links are
// creators' links to outside pages: they open in a new tab and pass no referrer or ranking.
import {
  RISK_KIND_LABELS,
  type RiskEntry,
  type RiskStatus,
} from '@shark/contracts/risk-registry.ts';
import { ExternalLink } from 'lucide-react';
import { Badge } from '#app/components/ui/badge.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** A YYYY-MM-DD day, shown as that day wherever the reader is. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const STATUS_LABELS: Record<RiskStatus, string> = {
  pending: 'Pending review',
  published: 'Published',
  rejected: 'Not published',
};

export function KindBadge({ kind }: { kind: RiskEntry['kind'] }) {
  return <Badge variant="secondary">{RISK_KIND_LABELS[kind]}</Badge>;
}

export function StatusBadge({ status }: { status: RiskStatus }) {
  const variant =
    status === 'published' ? 'default' : status === 'pending' ? 'warning' : 'destructive';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

export function EvidenceLinks({ urls }: { urls: string[] }) {
  if (urls.length === 0) return <p className="text-sm text-muted-foreground">No evidence links.</p>;
  return (
    <ul className="grid gap-1" aria-label="Evidence">
      {urls.map((url, index) => (
        <li key={url} className="min-w-0">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="inline-flex max-w-full items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <span className="truncate">{url}</span>
            <span className="sr-only"> (evidence {index + 1}, opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function EntryFacts({ entry }: { entry: RiskEntry }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
      {entry.identifiers.length > 0 ? (
        <>
          <dt className="font-medium text-muted-foreground">Known as</dt>
          <dd className="flex flex-wrap gap-1">
            {entry.identifiers.map((identifier) => (
              <code key={identifier} className="rounded bg-muted px-1.5 py-0.5 text-xs break-all">
                {identifier}
              </code>
            ))}
          </dd>
        </>
      ) : null}
      <dt className="font-medium text-muted-foreground">First seen</dt>
      <dd>{entry.firstSeenOn ? formatDay(entry.firstSeenOn) : 'Not known'}</dd>
      {entry.publishedAt ? (
        <>
          <dt className="font-medium text-muted-foreground">Listed</dt>
          <dd>
            <time dateTime={entry.publishedAt}>{formatDate(entry.publishedAt)}</time>
          </dd>
        </>
      ) : (
        <>
          <dt className="font-medium text-muted-foreground">Reported</dt>
          <dd>
            <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
          </dd>
        </>
      )}
      <dt className="font-medium text-muted-foreground">Evidence</dt>
      <dd className="min-w-0">
        <EvidenceLinks urls={entry.evidenceUrls} />
      </dd>
    </dl>
  );
}
