// Records that need a person, written straight into their tables as the features that own them write
// them: a creator on a plan, a web-form notice to submit, a finding she asked about, a leak she reported,
// a delisting file waiting for its upload, a support request.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  accountState,
  delistingBatch,
  delistingRequest,
  finding,
  formTask,
  impersonationReport,
  notice,
  noticeItem,
  reportedUrl,
  supportRequest,
  takedown,
  user,
} from '@shark/db/schema.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
let batches = 0;

/** A creator with a running subscription of `plan` (null: none); her id. */
export async function seedCreator(
  db: Database,
  plan: 'premium' | 'plus' | 'standard' | null,
  options: { affiliateOnly?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: `Creator ${plan ?? 'free'}`,
    email: `${id}@example.com`,
    emailVerified: true,
    isAffiliateOnly: options.affiliateOnly ?? false,
  });
  if (plan) await db.insert(accountState).values({ userId: id, status: 'subscribed', plan });
  return id;
}

/** An open web-form task (its notice and form fields) of `takedownId`, made `hoursAgo`; its id. */
export async function seedFormTask(
  db: Database,
  userId: string,
  takedownId: string,
  hoursAgo = 1,
): Promise<string> {
  const noticeId = randomUUID();
  const at = new Date(Date.now() - hoursAgo * HOUR_MS);
  await db.insert(notice).values({
    id: noticeId,
    userId,
    kind: 'dmca',
    role: 'site',
    recipientName: 'Tube Example',
    channelKind: 'form',
    address: 'https://tube.example/dmca',
    subject: 'DMCA notice: 1 URL',
    textBody: 'Please remove https://tube.example/watch/1',
    htmlBody: '<p>Please remove</p>',
    formFields: [
      { label: 'Infringing URLs', value: 'https://tube.example/watch/1' },
      { label: 'Signature', value: 'Luna Vale' },
    ],
    createdAt: at,
  });
  await db.insert(noticeItem).values({ noticeId, takedownId, userId });
  const id = randomUUID();
  await db.insert(formTask).values({
    id,
    noticeId,
    userId,
    formUrl: 'https://tube.example/dmca',
    status: 'open',
    createdAt: at,
  });
  return id;
}

/** A finding waiting for the creator's review, optionally sent to Shark `askedHoursAgo`; its id. */
export async function seedPendingFinding(
  db: Database,
  userId: string,
  askedHoursAgo: number | null,
): Promise<string> {
  const id = randomUUID();
  const pageUrl = `https://www.forum.example/thread/${id}`;
  await db.insert(finding).values({
    id,
    userId,
    kind: 'leak',
    dedupKey: `leak:${pageUrl}`,
    status: 'pending_review',
    pageUrl,
    normalizedUrl: pageUrl,
    pageTitle: 'A thread',
    confidence: 0.6,
    staffReviewRequestedAt:
      askedHoursAgo === null ? null : new Date(Date.now() - askedHoursAgo * HOUR_MS),
  });
  return id;
}

export async function seedReportedUrl(db: Database, userId: string): Promise<string> {
  const id = randomUUID();
  const url = `https://leaks.example/p/${id}`;
  await db.insert(reportedUrl).values({
    id,
    userId,
    url,
    normalizedUrl: url,
    status: 'unmatched',
    detail: 'No copy of her files on the page.',
    ownershipConfirmedAt: new Date(),
  });
  return id;
}

export async function seedImpersonationReport(db: Database, userId: string): Promise<string> {
  const id = randomUUID();
  const url = `https://social.example/fake-${id}`;
  await db.insert(impersonationReport).values({
    id,
    userId,
    url,
    normalizedUrl: url,
    platform: 'Instagram',
    username: 'fake.luna',
    evidence: 'Uses my photos and name.',
  });
  return id;
}

/** A delisting file with one address of each creator's takedown, not uploaded yet; its id. */
export async function seedDelistingBatch(
  db: Database,
  entries: { userId: string; takedownId: string }[],
): Promise<string> {
  const id = `dlb_${randomUUID().slice(0, 16)}`;
  await db.insert(delistingBatch).values({
    id,
    engine: 'google',
    // Each file its own day (one file per engine and day).
    day: new Date(Date.UTC(2020, 0, 1) + ++batches * DAY_MS).toISOString().slice(0, 10),
    fileKey: `delisting/google/${id}.csv`,
    urlCount: entries.length,
  });
  for (const entry of entries) {
    const [row] = await db
      .select({ url: takedown.pageUrl })
      .from(takedown)
      .where(eq(takedown.id, entry.takedownId));
    await db.insert(delistingRequest).values({
      id: randomUUID(),
      userId: entry.userId,
      takedownId: entry.takedownId,
      engine: 'google',
      url: row!.url,
      status: 'batched',
      batchId: id,
    });
  }
  return id;
}

export async function seedSupportRequest(db: Database, userId: string): Promise<string> {
  const id = randomUUID();
  await db.insert(supportRequest).values({ id, userId, subject: 'My takedown stalls' });
  return id;
}

/** A staff answer (answered), or a new message of the creator (open again), as support records them. */
export async function setSupportStatus(db: Database, id: string, status: 'open' | 'answered') {
  await db
    .update(supportRequest)
    .set({ status, lastMessageAt: new Date() })
    .where(eq(supportRequest.id, id));
}

export async function setFormTaskSubmitted(db: Database, id: string) {
  await db
    .update(formTask)
    .set({ status: 'submitted', submittedAt: new Date(), submittedBy: 'cli' })
    .where(eq(formTask.id, id));
}
