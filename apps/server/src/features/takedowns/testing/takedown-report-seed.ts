// Rows for the report's tests and benchmark, written straight into the tables as enforcement writes
// them: a confirmed finding per takedown, the takedown with its status and the time of each step, its
// recipient, and an event per step. `seedManyTakedowns` writes thousands in a few statements.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, takedown, takedownEvent, takedownRecipient } from '@shark/db/schema.ts';
import type { TakedownStatus } from '@shark/contracts/takedown-report.ts';

const HOUR_MS = 3_600_000;

export interface SeedTakedown {
  status: TakedownStatus;
  pageUrl?: string;
  host?: string;
  kind?: 'leak' | 'impersonation' | 'likeness';
  siteKind?: string | null;
  /** Hours ago of each step (null: the step did not happen). */
  confirmedHoursAgo?: number;
  noticeSentHoursAgo?: number | null;
  removedHoursAgo?: number | null;
  lastCheckedHoursAgo?: number | null;
  recipient?: { name: string; role: 'site' | 'cdn' | 'host' | 'registrar'; address: string } | null;
}

/** Writes one takedown (and its finding, recipient and events); returns its id. */
export async function seedTakedown(
  db: Database,
  userId: string,
  seed: SeedTakedown,
  now = new Date(),
): Promise<string> {
  const ago = (hours: number | null | undefined) =>
    hours === null || hours === undefined ? null : new Date(now.getTime() - hours * HOUR_MS);
  const id = randomUUID();
  const findingId = randomUUID();
  const pageUrl = seed.pageUrl ?? `https://${seed.host ?? 'tube.example'}/watch/${id}`;
  const host = seed.host ?? new URL(pageUrl).host;
  const confirmedAt = ago(seed.confirmedHoursAgo ?? 200)!;
  const noticeSentAt = ago(seed.noticeSentHoursAgo);
  const removedAt = ago(seed.removedHoursAgo);
  const stepAt = (status: TakedownStatus) =>
    new Date(
      Math.max(confirmedAt.getTime(), (noticeSentAt ?? confirmedAt).getTime()) +
        (status === 'closed' ? 2 : 1) * HOUR_MS,
    );
  const kind = seed.kind ?? 'leak';
  await db.insert(finding).values({
    id: findingId,
    userId,
    kind,
    dedupKey: `${kind}:${pageUrl}`,
    status: 'confirmed',
    reviewedBy: 'creator',
    reviewedAt: confirmedAt,
    pageUrl,
    normalizedUrl: pageUrl,
    confidence: 0.95,
    siteKind: seed.siteKind ?? null,
    firstSeenAt: confirmedAt,
    lastSeenAt: confirmedAt,
  });
  await db.insert(takedown).values({
    id,
    userId,
    findingId,
    kind,
    pageUrl,
    normalizedUrl: pageUrl,
    host,
    siteKind: seed.siteKind ?? null,
    status: seed.status,
    confirmedAt,
    noticeSentAt,
    removedAt,
    rejectedAt: seed.status === 'rejected' ? stepAt('rejected') : null,
    noResponseAt: seed.status === 'no_response' ? stepAt('no_response') : null,
    escalatedAt: seed.status === 'escalated' ? stepAt('escalated') : null,
    closedAt: seed.status === 'closed' ? stepAt('closed') : null,
    lastCheckedAt: ago(seed.lastCheckedHoursAgo),
  });
  if (seed.recipient) {
    await db.insert(takedownRecipient).values({
      id: randomUUID(),
      takedownId: id,
      userId,
      level: 0,
      role: seed.recipient.role,
      name: seed.recipient.name,
      channelKind: 'email',
      address: seed.recipient.address,
      source: 'test',
    });
  }
  const events: (typeof takedownEvent.$inferInsert)[] = [
    { takedownId: id, userId, fromStatus: null, toStatus: 'confirmed', at: confirmedAt },
  ];
  if (noticeSentAt)
    events.push({
      takedownId: id,
      userId,
      fromStatus: 'confirmed',
      toStatus: 'notice_sent',
      detail: seed.recipient?.name ?? null,
      at: noticeSentAt,
    });
  if (seed.status !== 'confirmed' && seed.status !== 'notice_sent') {
    const at = seed.status === 'removed' ? (removedAt ?? stepAt('removed')) : stepAt(seed.status);
    events.push({
      takedownId: id,
      userId,
      fromStatus: noticeSentAt ? 'notice_sent' : 'confirmed',
      toStatus: seed.status,
      at,
    });
  }
  await db.insert(takedownEvent).values(events);
  return id;
}

/** A finding the creator has not dismissed or has (no takedown): for the "found" figure. */
export async function seedFinding(
  db: Database,
  userId: string,
  status: 'pending_review' | 'confirmed' | 'rejected' | 'whitelisted',
  siteKind: string | null = null,
  hoursAgo = 10,
  now = new Date(),
): Promise<void> {
  const id = randomUUID();
  const pageUrl = `https://forum.example/thread/${id}`;
  const at = new Date(now.getTime() - hoursAgo * HOUR_MS);
  await db.insert(finding).values({
    id,
    userId,
    kind: 'mention',
    dedupKey: `mention:${pageUrl}`,
    status,
    pageUrl,
    normalizedUrl: pageUrl,
    confidence: 0.5,
    siteKind,
    firstSeenAt: at,
    lastSeenAt: at,
  });
}

/**
 * `count` takedowns of one creator in a handful of statements (for the streaming test and the
 * benchmark): statuses, kinds, kinds of site and hosts cycle; times spread over the last year; each
 * has a recipient and its events. `urlPadding` lengthens the page addresses.
 */
export async function seedManyTakedowns(
  db: Database,
  userId: string,
  count: number,
  options: { urlPadding?: number; chunk?: number } = {},
): Promise<void> {
  const padding = 'p'.repeat(options.urlPadding ?? 0);
  const chunk = options.chunk ?? 20_000;
  for (let offset = 0; offset < count; offset += chunk) {
    const last = Math.min(count, offset + chunk);
    await db.execute(sql`
      insert into finding (id, user_id, kind, dedup_key, status, page_url, normalized_url, confidence, site_kind, first_seen_at, last_seen_at)
      select ${userId} || '-f-' || n, ${userId}, 'leak', 'leak:' || n, 'confirmed',
             'https://host' || (n % 97) || '.example/' || ${padding} || '/watch/' || n,
             'host' || (n % 97) || '.example/watch/' || n, 0.95,
             (array['tube','forum','file-host','image-board','telegram-index','social-network','other'])[1 + n % 7],
             now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day'
      from generate_series(${offset + 1}::int, ${last}::int) as n`);
    await db.execute(sql`
      insert into takedown (id, user_id, finding_id, kind, page_url, normalized_url, host, site_kind, status, confirmed_at, notice_sent_at, removed_at, rejected_at, no_response_at, escalated_at, closed_at, last_checked_at)
      select ${userId} || '-t-' || n, ${userId}, ${userId} || '-f-' || n,
             case when n % 10 = 0 then 'impersonation' else 'leak' end,
             'https://host' || (n % 97) || '.example/' || ${padding} || '/watch/' || n,
             'host' || (n % 97) || '.example/watch/' || n, 'host' || (n % 97) || '.example',
             (array['tube','forum','file-host','image-board','telegram-index','social-network','other'])[1 + n % 7],
             s.status,
             now() - (n % 365) * interval '1 day' - interval '1 hour',
             case when s.status = 'confirmed' then null else now() - (n % 365) * interval '1 day' end,
             case when s.status = 'removed' then now() - (n % 365) * interval '1 day' + interval '3 hours' end,
             case when s.status = 'rejected' then now() - (n % 365) * interval '1 day' + interval '3 hours' end,
             case when s.status = 'no_response' then now() - (n % 365) * interval '1 day' + interval '3 hours' end,
             case when s.status = 'escalated' then now() - (n % 365) * interval '1 day' + interval '3 hours' end,
             case when s.status = 'closed' then now() - (n % 365) * interval '1 day' + interval '3 hours' end,
             now() - (n % 30) * interval '1 hour'
      from generate_series(${offset + 1}::int, ${last}::int) as n,
           lateral (select (array['confirmed','notice_sent','removed','removed','removed','rejected','no_response','escalated','closed'])[1 + n % 9] as status) s`);
    await db.execute(sql`
      insert into takedown_recipient (id, takedown_id, user_id, level, role, name, channel_kind, address, source)
      select ${userId} || '-r-' || n, ${userId} || '-t-' || n, ${userId}, 0, 'host', 'Host ' || (n % 97), 'email', 'abuse@host' || (n % 97) || '.example', 'bench'
      from generate_series(${offset + 1}::int, ${last}::int) as n`);
    await db.execute(sql`
      insert into takedown_event (takedown_id, user_id, from_status, to_status, at)
      select t.id, t.user_id, null, 'confirmed', t.confirmed_at from takedown t
      where t.user_id = ${userId} and t.id in (select ${userId} || '-t-' || n from generate_series(${offset + 1}::int, ${last}::int) as n)
      union all
      select t.id, t.user_id, 'confirmed', t.status, t.updated_at from takedown t
      where t.user_id = ${userId} and t.status <> 'confirmed' and t.id in (select ${userId} || '-t-' || n from generate_series(${offset + 1}::int, ${last}::int) as n)`);
  }
}
