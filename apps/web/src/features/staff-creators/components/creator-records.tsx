// The records on a creator's staff page: protected accounts, findings, takedowns, support requests and
// the staff actions recorded on her account.
import type { CreatorOverview } from '@shark/contracts/staff-creators.ts';
import type { ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCreatorAudit } from '#app/features/staff-creators/api/get-creator-audit.ts';
import { formatDate, formatDateTime, humanize } from './staff-format.ts';

function Section({
  title,
  counts,
  empty,
  children,
}: {
  title: string;
  counts?: Record<string, number>;
  empty?: string | false;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {counts ? (
          <ul aria-label={`${title} by status`} className="mt-2 flex flex-wrap gap-2">
            {Object.entries(counts).map(([status, n]) => (
              <li key={status}>
                <Badge variant={n > 0 ? 'secondary' : 'outline'}>
                  {humanize(status)}: {n}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardHeader>
      <CardContent>
        {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

function Table({ head, rows }: { head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className="max-w-xs truncate py-2 pr-4 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const page = (url: string) => (
  <a
    href={url}
    target="_blank"
    rel="noreferrer noopener"
    className="underline-offset-4 hover:underline"
    title={url}
  >
    {url}
  </a>
);

export function CreatorAccounts({ accounts }: { accounts: CreatorOverview['protectedAccounts'] }) {
  return (
    <Section
      title="Protected accounts"
      empty={accounts.length === 0 && 'No protected accounts yet.'}
    >
      <Table
        head={['Platform', 'Username', 'Profile', 'Ownership', 'Added']}
        rows={accounts.map((a) => ({
          key: a.id,
          cells: [
            a.platform,
            `${a.username}${a.isOld ? ' (old)' : ''}`,
            page(a.profileUrl),
            a.verifiedAt ? `verified ${formatDate(a.verifiedAt)}` : 'not verified',
            formatDate(a.createdAt),
          ],
        }))}
      />
    </Section>
  );
}

export function CreatorFindings({ findings }: { findings: CreatorOverview['findings'] }) {
  return (
    <Section
      title="Findings"
      counts={findings.counts}
      empty={findings.recent.length === 0 && 'No findings yet.'}
    >
      <Table
        head={['Page', 'Kind', 'Status', 'Confidence', 'Last seen']}
        rows={findings.recent.map((f) => ({
          key: f.id,
          cells: [
            page(f.pageUrl),
            f.kind,
            `${humanize(f.status)}${f.staffReviewRequestedAt ? ' · review asked' : ''}`,
            `${Math.round(f.confidence * 100)} %`,
            formatDate(f.lastSeenAt),
          ],
        }))}
      />
    </Section>
  );
}

export function CreatorTakedowns({ takedowns }: { takedowns: CreatorOverview['takedowns'] }) {
  return (
    <Section
      title="Takedowns"
      counts={takedowns.counts}
      empty={takedowns.recent.length === 0 && 'No takedowns yet.'}
    >
      <Table
        head={['Page', 'Host', 'Status', 'Confirmed', 'Updated']}
        rows={takedowns.recent.map((t) => ({
          key: t.id,
          cells: [
            page(t.pageUrl),
            t.host,
            humanize(t.status),
            formatDate(t.confirmedAt),
            formatDate(t.updatedAt),
          ],
        }))}
      />
    </Section>
  );
}

export function CreatorSupport({ requests }: { requests: CreatorOverview['support'] }) {
  return (
    <Section
      title="Support requests"
      empty={requests.length === 0 && 'She has not asked for help.'}
    >
      <Table
        head={['Subject', 'Status', 'Opened', 'Last message']}
        rows={requests.map((s) => ({
          key: s.id,
          cells: [
            s.subject,
            humanize(s.status),
            formatDate(s.createdAt),
            formatDateTime(s.lastMessageAt),
          ],
        }))}
      />
    </Section>
  );
}

/** What changed, in one line: the fields whose value differs between before and after. */
function changeOf(before: unknown, after: unknown): string {
  const record = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  const b = record(before);
  const a = record(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  );
  return keys
    .map((k) => `${k}: ${JSON.stringify(b[k] ?? null)} → ${JSON.stringify(a[k] ?? null)}`)
    .join('; ');
}

export function CreatorAudit({ creatorId }: { creatorId: string }) {
  const audit = useCreatorAudit(creatorId);
  if (audit.isPending) return <Skeleton className="h-24" aria-busy="true" />;
  if (audit.isError) return <Alert variant="error">{audit.error.message}</Alert>;
  return (
    <Section
      title="Staff actions on her account"
      empty={audit.data.events.length === 0 && 'No staff action has been recorded on her account.'}
    >
      <Table
        head={['When', 'Who', 'Action', 'Change']}
        rows={audit.data.events.map((e) => ({
          key: e.id,
          cells: [formatDateTime(e.at), e.actorEmail, e.action, changeOf(e.before, e.after)],
        }))}
      />
    </Section>
  );
}
