// Test fixtures for takedowns: a database of the test run's kind (PGlite, or Postgres with
// SHARK_TEST_DB=postgres), and rows as enforcement writes them (a creator, a finding, its takedown
// opened with its first event, its recipients in escalation order).
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database, type DatabaseHandle } from '@shark/db/client.ts';
import { finding, takedown, takedownRecipient, user, RECIPIENT_ROLES } from '@shark/db/schema.ts';
import {
  createTestPostgresDatabase,
  TEST_DB,
  testPgliteOptions,
} from '#server/testing/test-server.ts';
import {
  recordTakedownOpened,
  transitionTakedown,
  type TakedownRow,
} from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import type { TakedownStatus } from '#server/features/takedowns/opening/takedown-transitions.ts';

export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  db: Database;
  close: () => Promise<void>;
}> {
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  const database = await openDatabase(
    postgres ? { driver: 'postgres', url: postgres.url, poolSize: 8 } : await testPgliteOptions(),
  );
  await database.migrate();
  return {
    database,
    db: database.db,
    close: async () => {
      await database.close();
      await postgres?.drop();
    },
  };
}

export async function insertCreator(db: Database, name = 'Test Creator'): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
  return id;
}

export interface RecipientFixture {
  role: (typeof RECIPIENT_ROLES)[number];
  name: string;
  address: string;
}

export const SITE_HOST_REGISTRAR: RecipientFixture[] = [
  { role: 'site', name: 'ClipTube', address: 'dmca@cliptube.example' },
  { role: 'host', name: 'Hosty Networks', address: 'abuse@hosty.example' },
  { role: 'registrar', name: 'Names Registrar', address: 'abuse@registrar.example' },
];

export interface TakedownFixture {
  userId: string;
  pageUrl?: string;
  kind?: 'leak' | 'impersonation' | 'likeness';
  /** The law its notices invoke (DMCA by default). */
  legalBasis?: 'dmca' | 'take_it_down' | 'dsa_article_16';
  /** Columns of the finding (leak evidence, impersonation profile). */
  finding?: Partial<typeof finding.$inferInsert>;
  recipients?: RecipientFixture[];
  confirmedAt?: Date;
}

/** A confirmed finding and its takedown (status confirmed, level 0, its opening event, its recipients). */
export async function insertTakedown(db: Database, fixture: TakedownFixture): Promise<TakedownRow> {
  const pageUrl = fixture.pageUrl ?? `https://tube.example/watch/${randomUUID()}`;
  const url = new URL(pageUrl);
  const kind = fixture.kind ?? 'leak';
  const findingId = randomUUID();
  const confirmedAt = fixture.confirmedAt ?? new Date();
  await db.insert(finding).values({
    id: findingId,
    userId: fixture.userId,
    kind,
    dedupKey: `${kind}:${pageUrl}:${findingId}`,
    status: 'confirmed',
    reviewedBy: 'creator',
    reviewedAt: confirmedAt,
    pageUrl,
    normalizedUrl: `${url.host}${url.pathname}${url.search}`,
    confidence: 0.95,
    ...fixture.finding,
  });
  const [row] = await db
    .insert(takedown)
    .values({
      id: randomUUID(),
      userId: fixture.userId,
      findingId,
      kind,
      legalBasis: fixture.legalBasis ?? 'dmca',
      pageUrl,
      normalizedUrl: `${url.host}${url.pathname}${url.search}`,
      host: url.host,
      status: 'confirmed',
      confirmedAt,
      // Recipients are the fixture's: enforcement's look-up leaves a takedown with them alone.
      recipientsResolvedAt: confirmedAt,
      createdAt: confirmedAt,
      updatedAt: confirmedAt,
    })
    .returning();
  await recordTakedownOpened(db, row!);
  const recipients = fixture.recipients ?? SITE_HOST_REGISTRAR;
  if (recipients.length > 0) {
    await db.insert(takedownRecipient).values(
      recipients.map((r, level) => ({
        id: randomUUID(),
        takedownId: row!.id,
        userId: fixture.userId,
        level,
        role: r.role,
        name: r.name,
        channelKind: 'email' as const,
        address: r.address,
        source: 'test',
      })),
    );
  }
  return row!;
}

/**
 * What enforcement does when a notice goes out (its notify job): the takedown moves to notice_sent with
 * its response window and first check. Tests of the lifecycle drive this step themselves where they do
 * not run enforcement's job.
 */
export async function markNoticeSent(
  db: Database,
  takedownId: string,
  at: Date,
  windows: { responseHours?: number; firstCheckHours?: number } = {},
): Promise<TakedownRow | null> {
  const hour = 3600_000;
  return transitionTakedown(db, takedownId, 'notice_sent', {
    at,
    detail: 'notice sent (test)',
    patch: {
      responseDueAt: new Date(at.getTime() + (windows.responseHours ?? 72) * hour),
      nextCheckAt: new Date(at.getTime() + (windows.firstCheckHours ?? 24) * hour),
    },
  });
}

export type { TakedownStatus };
