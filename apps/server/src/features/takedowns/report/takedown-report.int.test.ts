// The dashboard's summary and the takedown report on the test database (PGlite, or Postgres with
// SHARK_TEST_DB=postgres), through the real HTTP app: figures of a seeded set of takedowns in every
// status, the removal rate's edges, the report's filters, orders and keyset pages (stable while rows
// are added), the CSV (RFC 4180, formula cells defused) and the branded PDF read back with pdftotext,
// exports of 20,000 rows streamed in batches with a flat heap, and the sign-in, subscription and
// per-account checks.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { getRequestListener } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding, user } from '@shark/db/schema.ts';
import type {
  DashboardSummary,
  TakedownReportPage,
  TakedownReportRow,
} from '@shark/contracts/takedown-report.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { recordLikeness } from '#server/features/findings/testing/likeness-findings.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import {
  createTakedownReportRepository,
  type TakedownReportRepository,
} from './takedown-report-repository.ts';
import { takedownRoutes } from '#server/features/takedowns/takedown-routes.ts';
import {
  seedFinding,
  seedManyTakedowns,
  seedTakedown,
  type SeedTakedown,
} from '#server/features/takedowns/testing/takedown-report-seed.ts';
import { createTakedownReportService } from './takedown-report-service.ts';

const run = promisify(execFile);
let server: TestServer;
const db = () => server.services.database.db;

beforeAll(async () => {
  server = await startTestServer({ TAKEDOWN_RESPONSE_HOURS: '72' }, { workers: false });
});

afterAll(async () => {
  await server?.close();
});

interface Creator {
  id: string;
  email: string;
  browser: TestClient;
}

async function creator(status: 'subscribed' | 'free' = 'subscribed'): Promise<Creator> {
  const { email, browser } = await signedInUser(server);
  if (status === 'subscribed')
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row!.id, email, browser };
}

const hostRecipient = {
  name: 'Hosty Networks',
  role: 'host' as const,
  address: 'abuse@hosty.example',
};

/** One takedown in every status, with notices on both sides of the 72-hour window. */
const EVERY_STATUS: (SeedTakedown & { label: string })[] = [
  {
    label: 'confirmed',
    status: 'confirmed',
    host: 'tube-a.example',
    siteKind: 'tube',
    confirmedHoursAgo: 5,
  },
  {
    label: 'fresh notice',
    status: 'notice_sent',
    host: 'tube-a.example',
    siteKind: 'tube',
    confirmedHoursAgo: 20,
    noticeSentHoursAgo: 10,
    recipient: hostRecipient,
  },
  {
    label: 'old notice',
    status: 'notice_sent',
    host: 'forum-b.example',
    siteKind: 'forum',
    confirmedHoursAgo: 120,
    noticeSentHoursAgo: 100,
  },
  {
    label: 'removed after notice',
    status: 'removed',
    host: 'forum-b.example',
    siteKind: 'forum',
    confirmedHoursAgo: 120,
    noticeSentHoursAgo: 100,
    removedHoursAgo: 50,
  },
  {
    label: 'removed before notice',
    status: 'removed',
    host: 'files-c.example',
    siteKind: 'file-host',
    confirmedHoursAgo: 30,
    removedHoursAgo: 20,
  },
  {
    label: 'rejected',
    status: 'rejected',
    host: 'files-c.example',
    siteKind: 'file-host',
    confirmedHoursAgo: 220,
    noticeSentHoursAgo: 200,
  },
  {
    label: 'no response',
    status: 'no_response',
    host: 'board-d.example',
    siteKind: 'image-board',
    confirmedHoursAgo: 90,
    noticeSentHoursAgo: 80,
  },
  {
    label: 'escalated',
    status: 'escalated',
    host: 'board-d.example',
    siteKind: null,
    confirmedHoursAgo: 95,
    noticeSentHoursAgo: 90,
    kind: 'impersonation',
  },
  {
    label: 'closed',
    status: 'closed',
    host: 'social-e.example',
    siteKind: 'social-network',
    confirmedHoursAgo: 320,
    noticeSentHoursAgo: 300,
    kind: 'impersonation',
  },
  {
    label: 'removed inside window',
    status: 'removed',
    host: 'tube-a.example',
    siteKind: 'tube',
    confirmedHoursAgo: 8,
    noticeSentHoursAgo: 5,
    removedHoursAgo: 2,
  },
];

describe('GET /api/dashboard/summary', () => {
  let me: Creator;
  let summary: DashboardSummary;

  beforeAll(async () => {
    me = await creator();
    for (const seed of EVERY_STATUS) await seedTakedown(db(), me.id, seed);
    await seedFinding(db(), me.id, 'pending_review', 'tube');
    await seedFinding(db(), me.id, 'pending_review', null);
    await seedFinding(db(), me.id, 'rejected', 'tube');
    await seedFinding(db(), me.id, 'whitelisted', 'forum');
    const response = await me.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    summary = response.body;
  });

  it('counts found, confirmed, notices sent, removed and pending', () => {
    // 10 takedowns' findings and 2 waiting for review; rejected and whitelisted ones are not counted.
    expect(summary.totals).toEqual({
      found: 12,
      confirmed: 10,
      noticesSent: 8,
      removed: 3,
      pending: 6,
    });
  });

  it('rates removals among takedowns whose notice is older than the response window', () => {
    // Notices older than 72 h: old notice, removed after notice, rejected, no response, escalated, closed.
    expect(summary.removalRate).toMatchObject({
      numerator: 1,
      denominator: 6,
      responseWindowHours: 72,
    });
    expect(summary.removalRate.rate).toBeCloseTo(1 / 6, 10);
    expect(summary.removalRate.definition).toContain('72 hours');
  });

  it('gives every day of the range, and the counts fall on their days', () => {
    expect(summary.series).toMatchObject({ range: '30d', bucket: 'day' });
    expect(summary.series.points).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(summary.series.points.at(-1)!.start).toBe(today);
    const sum = (key: 'found' | 'removed' | 'noticesSent') =>
      summary.series.points.reduce((n, p) => n + p[key], 0);
    expect(sum('found')).toBe(12);
    expect(sum('removed')).toBe(3);
    expect(sum('noticesSent')).toBe(8);
  });

  it('groups by week and by month for the longer ranges', async () => {
    const weeks = (await me.browser.get<DashboardSummary>('/api/dashboard/summary?range=90d')).body;
    expect(weeks.series.bucket).toBe('week');
    expect(weeks.series.points).toHaveLength(13);
    for (const point of weeks.series.points)
      expect(new Date(`${point.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.series.points.reduce((n, p) => n + p.removed, 0)).toBe(3);
    const months = (await me.browser.get<DashboardSummary>('/api/dashboard/summary?range=12m'))
      .body;
    expect(months.series.bucket).toBe('month');
    expect(months.series.points).toHaveLength(12);
    expect(months.series.points.every((p) => p.start.endsWith('-01'))).toBe(true);
    expect(months.series.points.reduce((n, p) => n + p.found, 0)).toBe(12);
  });

  it('counts by kind of site, unknown kinds as other', () => {
    const byKind = Object.fromEntries(
      summary.bySiteKind.map((k) => [k.siteKind, { found: k.found, removed: k.removed }]),
    );
    expect(Object.keys(byKind)).toEqual([
      'tube',
      'forum',
      'file-host',
      'image-board',
      'telegram-index',
      'social-network',
      'other',
    ]);
    expect(byKind.tube).toEqual({ found: 4, removed: 1 });
    expect(byKind.forum).toEqual({ found: 2, removed: 1 });
    expect(byKind['file-host']).toEqual({ found: 2, removed: 1 });
    expect(byKind.other).toEqual({ found: 2, removed: 0 });
  });

  it('lists the latest status changes, newest first, with host and words', () => {
    expect(summary.recentActivity.length).toBe(20);
    const times = summary.recentActivity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    const newest = summary.recentActivity[0]!;
    expect(newest).toMatchObject({
      status: 'removed',
      statusLabel: 'Removed',
      host: 'tube-a.example',
    });
  });

  it('has no next scan for a plan the scans service does not schedule yet, or a time', () => {
    expect(summary.nextScanAt === null || !Number.isNaN(Date.parse(summary.nextScanAt))).toBe(true);
  });

  it('refuses an unknown range', async () => {
    const response = await me.browser.get('/api/dashboard/summary?range=7y');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/30d, 90d or 12m/);
  });
});

describe('the removal rate’s edges', () => {
  it('is null ("—") while no notice is older than the window, even with removals', async () => {
    const me = await creator();
    await seedTakedown(db(), me.id, {
      status: 'removed',
      noticeSentHoursAgo: 71,
      removedHoursAgo: 1,
    });
    await seedTakedown(db(), me.id, { status: 'removed', removedHoursAgo: 1 });
    await seedTakedown(db(), me.id, { status: 'confirmed' });
    const { body } = await me.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(body.removalRate).toMatchObject({ rate: null, numerator: 0, denominator: 0 });
    expect(body.totals.removed).toBe(2);
  });

  it('counts a notice once it is older than the window, removed or not', async () => {
    const me = await creator();
    await seedTakedown(db(), me.id, { status: 'notice_sent', noticeSentHoursAgo: 73 });
    let { body } = await me.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(body.removalRate).toMatchObject({ rate: 0, numerator: 0, denominator: 1 });
    await seedTakedown(db(), me.id, {
      status: 'removed',
      noticeSentHoursAgo: 73,
      removedHoursAgo: 72,
    });
    ({ body } = await me.browser.get<DashboardSummary>('/api/dashboard/summary'));
    expect(body.removalRate).toMatchObject({ rate: 0.5, numerator: 1, denominator: 2 });
  });

  it('is empty for a creator with nothing yet', async () => {
    const me = await creator('free');
    const { status, body } = await me.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(status).toBe(200);
    expect(body.totals).toEqual({ found: 0, confirmed: 0, noticesSent: 0, removed: 0, pending: 0 });
    expect(body.removalRate.rate).toBeNull();
    expect(body.recentActivity).toEqual([]);
    expect(body.nextScanAt).toBeNull();
  });
});

describe('the dashboard’s likeness figures', () => {
  const summaryOf = async (me: Creator) => {
    const { status, body } = await me.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const likenessOf = async (me: Creator, pageUrl: string) =>
    (await recordLikeness(server.services, me.id, pageUrl)).id;
  const setFinding = (id: string, patch: Partial<typeof finding.$inferInsert>) =>
    db().update(finding).set(patch).where(eq(finding.id, id));

  it('count her likeness findings by review state and her likeness takedowns, apart from the rest', async () => {
    const me = await creator();
    const waiting = await likenessOf(me, 'https://fakes.example/p/1');
    await likenessOf(me, 'https://fakes.example/p/2');
    const asked = await likenessOf(me, 'https://fakes.example/p/3');
    await setFinding(asked, { staffReviewRequestedAt: new Date() });
    const rejected = await likenessOf(me, 'https://fakes.example/p/4');
    await setFinding(rejected, { status: 'rejected', reviewedBy: 'creator' });
    const entry = await me.browser.post('/api/whitelist', {
      value: 'https://fakes.example/her-own-page',
      kind: 'url',
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    await likenessOf(me, 'https://fakes.example/her-own-page');
    // Leaks and mentions waiting for her are no likeness.
    await seedFinding(db(), me.id, 'pending_review', 'tube');
    await seedTakedown(db(), me.id, {
      status: 'notice_sent',
      kind: 'likeness',
      noticeSentHoursAgo: 5,
    });
    await seedTakedown(db(), me.id, { status: 'removed', kind: 'likeness', removedHoursAgo: 1 });
    await seedTakedown(db(), me.id, { status: 'closed', kind: 'likeness' });
    await seedTakedown(db(), me.id, { status: 'removed', kind: 'leak', removedHoursAgo: 1 });

    const summary = await summaryOf(me);
    // Each seeded takedown brings its confirmed finding: three likeness findings more are found.
    expect(summary.likeness).toEqual({
      hasProtection: true,
      awaitingReview: 2,
      withShark: 1,
      found: 3 + 3,
      takedowns: 3,
      pending: 1,
      removed: 1,
    });
    expect(summary.totals.confirmed).toBe(4);

    // Reviewing one is seen at once: one fewer waits for her.
    const confirmed = await me.browser.post(`/api/findings/${waiting}/review`, {
      action: 'confirm',
      likenessNature: 'forgery',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await summaryOf(me);
    expect(after.likeness).toMatchObject({ awaitingReview: 1, takedowns: 4, pending: 2 });
  });

  it('are there for a plan with deep fake protection before anything is found', async () => {
    const me = await creator();
    expect((await summaryOf(me)).likeness).toEqual({
      hasProtection: true,
      awaitingReview: 0,
      withShark: 0,
      found: 0,
      takedowns: 0,
      pending: 0,
      removed: 0,
    });
  });

  it('are left out for a plan without it, until a likeness is found for her', async () => {
    const me = await creator('free');
    await server.services.accounts.grant(me.email, { status: 'subscribed', plan: 'standard' });
    await seedFinding(db(), me.id, 'pending_review', 'tube');
    expect((await summaryOf(me)).likeness).toBeNull();
    await likenessOf(me, 'https://fakes.example/standard/1');
    expect((await summaryOf(me)).likeness).toMatchObject({
      hasProtection: false,
      awaitingReview: 1,
      found: 1,
    });
    // A former subscriber's perks ended with her plan.
    const former = await creator();
    await server.services.accounts.grant(former.email, { status: 'former' });
    expect((await summaryOf(former)).likeness).toBeNull();
  });

  it('never count another creator’s likeness findings', async () => {
    const me = await creator();
    const other = await creator();
    await likenessOf(other, 'https://fakes.example/other/1');
    await seedTakedown(db(), other.id, { status: 'confirmed', kind: 'likeness' });
    expect((await summaryOf(me)).likeness).toMatchObject({ awaitingReview: 0, takedowns: 0 });
  });
});

describe('GET /api/takedowns', () => {
  let me: Creator;
  let all: TakedownReportRow[];

  beforeAll(async () => {
    me = await creator();
    for (const seed of EVERY_STATUS)
      await seedTakedown(db(), me.id, { ...seed, lastCheckedHoursAgo: 1 });
    // Same confirmation time for several: the id breaks the tie, and pages must not lose or repeat them.
    for (let i = 0; i < 5; i++)
      await seedTakedown(db(), me.id, {
        status: 'confirmed',
        host: `same-${i}.example`,
        confirmedHoursAgo: 48,
        siteKind: 'forum',
      });
    await seedTakedown(db(), me.id, {
      status: 'notice_sent',
      pageUrl: 'https://odd.example/100%_sure',
      noticeSentHoursAgo: 3,
      confirmedHoursAgo: 4,
    });
    const { status, body } = await me.browser.get<TakedownReportPage>('/api/takedowns?limit=100');
    expect(status, JSON.stringify(body)).toBe(200);
    all = body.takedowns;
    expect(body.total).toBe(16);
  });

  async function listOf(query: string): Promise<TakedownReportPage> {
    const response = await me.browser.get<TakedownReportPage>(`/api/takedowns?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it('gives each takedown’s status, dates, page, host, kinds and current recipient', () => {
    const fresh = all.find((t) => t.recipient !== null)!;
    expect(fresh).toMatchObject({
      status: 'notice_sent',
      host: 'tube-a.example',
      siteKind: 'tube',
      kind: 'leak',
      recipient: {
        name: 'Hosty Networks',
        role: 'host',
        channel: 'email',
        address: 'abuse@hosty.example',
      },
    });
    expect(fresh.noticeSentAt).not.toBeNull();
    expect(fresh.lastCheckedAt).not.toBeNull();
    const escalated = all.find((t) => t.status === 'escalated')!;
    expect(escalated).toMatchObject({ siteKind: 'other', kind: 'impersonation', recipient: null });
  });

  it('is newest confirmed first by default', () => {
    const times = all.map((t) => t.confirmedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by statuses, kind, kind of site, text and dates', async () => {
    const removed = await listOf('status=removed&status=closed');
    expect(removed.total).toBe(4);
    expect(new Set(removed.takedowns.map((t) => t.status))).toEqual(new Set(['removed', 'closed']));
    expect((await listOf('status=removed,closed')).total).toBe(4);
    expect((await listOf('kind=impersonation')).takedowns.map((t) => t.status).sort()).toEqual([
      'closed',
      'escalated',
    ]);
    expect((await listOf('siteKind=other')).total).toBe(2);
    expect((await listOf('siteKind=forum')).total).toBe(7);
    expect((await listOf('q=FORUM-B')).total).toBe(2);
    // % and _ are searched for as themselves.
    expect((await listOf(`q=${encodeURIComponent('100%_')}`)).takedowns.map((t) => t.host)).toEqual(
      ['odd.example'],
    );
    expect((await listOf(`q=${encodeURIComponent('%')}`)).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await listOf(`from=${today}&to=${today}`);
    expect(recent.takedowns.every((t) => t.confirmedAt.startsWith(today))).toBe(true);
    expect(recent.total).toBe(all.filter((t) => t.confirmedAt.startsWith(today)).length);
    expect((await listOf('to=2001-01-01')).total).toBe(0);
    expect((await listOf('status=removed&kind=leak&siteKind=tube&q=tube-a')).total).toBe(1);
  });

  it('sorts by each column both ways, missing dates last', async () => {
    const rank = [
      'confirmed',
      'notice_sent',
      'no_response',
      'rejected',
      'escalated',
      'removed',
      'closed',
    ];
    const keyOf: Record<string, (t: TakedownReportRow) => string | number | null> = {
      confirmedAt: (t) => t.confirmedAt,
      noticeSentAt: (t) => t.noticeSentAt,
      removedAt: (t) => t.removedAt,
      status: (t) => rank.indexOf(t.status),
      host: (t) => t.host,
    };
    for (const [sort, key] of Object.entries(keyOf)) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = (await listOf(`sort=${sort}&dir=${dir}&limit=100`)).takedowns;
        expect(rows).toHaveLength(16);
        const values = rows.map(key);
        const present = values.filter((v) => v !== null);
        const firstMissing = values.indexOf(null);
        if (firstMissing >= 0)
          expect(
            values.slice(firstMissing).every((v) => v === null),
            `${sort} ${dir}: missing last`,
          ).toBe(true);
        const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(present, `${sort} ${dir}`).toEqual(dir === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('pages forward and back with cursors in every order, each row once', async () => {
    for (const sort of ['confirmedAt', 'noticeSentAt', 'removedAt', 'status', 'host']) {
      for (const dir of ['asc', 'desc']) {
        const expected = (await listOf(`sort=${sort}&dir=${dir}&limit=100`)).takedowns.map(
          (t) => t.id,
        );
        const pages: TakedownReportPage[] = [];
        let cursor: string | null = null;
        do {
          const page: TakedownReportPage = await listOf(
            `sort=${sort}&dir=${dir}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(page.total).toBe(16);
          pages.push(page);
          cursor = page.nextCursor;
        } while (cursor);
        expect(
          pages.flatMap((p) => p.takedowns.map((t) => t.id)),
          `${sort} ${dir}`,
        ).toEqual(expected);
        expect(pages).toHaveLength(6);
        expect(pages[0]!.prevCursor).toBeNull();
        // Back from the last page, page by page, to the first.
        let back = pages.at(-1)!;
        for (let i = pages.length - 2; i >= 0; i--) {
          expect(
            back.prevCursor,
            `${sort} ${dir} page ${i + 2} has a previous page`,
          ).not.toBeNull();
          back = await listOf(`sort=${sort}&dir=${dir}&limit=3&cursor=${back.prevCursor}`);
          expect(back.takedowns.map((t) => t.id)).toEqual(pages[i]!.takedowns.map((t) => t.id));
        }
        expect(back.prevCursor).toBeNull();
      }
    }
  });

  it('keeps its place while takedowns are added', async () => {
    const first = await listOf('limit=4');
    // Newer takedowns sort before the cursor: the next page goes on where the first stopped.
    const other = await creator();
    await seedTakedown(db(), me.id, {
      status: 'confirmed',
      confirmedHoursAgo: 0.1,
      host: 'new-1.example',
    });
    await seedTakedown(db(), other.id, { status: 'confirmed', confirmedHoursAgo: 0.1 });
    const second = await listOf(`limit=4&cursor=${first.nextCursor}`);
    expect(second.total).toBe(17);
    const before = all.map((t) => t.id);
    expect([...first.takedowns, ...second.takedowns].map((t) => t.id)).toEqual(before.slice(0, 8));
  });

  it('refuses bad filters, orders and cursors with a message', async () => {
    for (const [query, message] of [
      ['status=gone', /Status must be one of/],
      ['kind=spam', /leak, impersonation or likeness/],
      ['siteKind=blog', /Site kind must be one of/],
      ['sort=page', /Sort by/],
      ['dir=up', /asc or desc/],
      ['limit=0', /Limit/],
      ['limit=101', /Limit/],
      ['from=2026-02-30', /does not exist/],
      ['from=yesterday', /YYYY-MM-DD/],
      ['from=2026-03-02&to=2026-03-01', /start date is after the end date/],
      ['cursor=nonsense', /page link is not valid/],
      [`q=${'x'.repeat(201)}`, /at most 200/],
    ] as const) {
      const response = await me.browser.get(`/api/takedowns?${query}`);
      expect(response.status, query).toBe(400);
      expect(String(response.body.message), query).toMatch(message);
    }
    const page = await listOf('limit=2');
    const wrongOrder = await me.browser.get(
      `/api/takedowns?limit=2&sort=host&cursor=${page.nextCursor}`,
    );
    expect(wrongOrder.status).toBe(400);
  });
});

describe('access', () => {
  it('answers 401 without a session on every endpoint', async () => {
    const anonymous = new TestClient(server.url);
    for (const path of [
      '/api/dashboard/summary',
      '/api/takedowns',
      '/api/takedowns/export.csv',
      '/api/takedowns/export.pdf',
    ]) {
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
  });

  it('needs a subscription for the report and its exports, not for the dashboard', async () => {
    const free = await creator('free');
    expect((await free.browser.get('/api/dashboard/summary')).status).toBe(200);
    for (const path of [
      '/api/takedowns',
      '/api/takedowns/export.csv',
      '/api/takedowns/export.pdf',
    ]) {
      const response = await free.browser.get(path);
      expect(response.status, path).toBe(403);
      expect(response.body.message).toMatch(/needs an active subscription/);
    }
  });

  it('shows another account none of these rows', async () => {
    const owner = await creator();
    await seedTakedown(db(), owner.id, {
      status: 'removed',
      host: 'private.example',
      noticeSentHoursAgo: 100,
      removedHoursAgo: 10,
    });
    const stranger = await creator();
    const list = await stranger.browser.get<TakedownReportPage>('/api/takedowns');
    expect(list.body).toMatchObject({
      takedowns: [],
      total: 0,
      nextCursor: null,
      prevCursor: null,
    });
    const summary = await stranger.browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(summary.body.totals.confirmed).toBe(0);
    expect(summary.body.recentActivity).toEqual([]);
    const csv = await stranger.browser.get<string>('/api/takedowns/export.csv');
    expect(csv.body).not.toContain('private.example');
    // The owner's cursor gives the stranger nothing of the owner's either.
    const ownerPage = await owner.browser.get<TakedownReportPage>('/api/takedowns?limit=1');
    expect(ownerPage.body.takedowns[0]!.host).toBe('private.example');
  });
});

describe('exports', () => {
  let me: Creator;

  beforeAll(async () => {
    me = await creator();
    for (const seed of EVERY_STATUS) await seedTakedown(db(), me.id, seed);
    await seedTakedown(db(), me.id, {
      status: 'notice_sent',
      host: '=HYPERLINK("http://evil.example","click")',
      pageUrl: 'https://evil.example/a,b"c',
      noticeSentHoursAgo: 1,
      recipient: { name: '@SUM(1+1)', role: 'site', address: '-abuse@evil.example' },
    });
  });

  function records(csv: string): string[][] {
    // Enough of RFC 4180 for these files: quoted cells with doubled quotes and commas inside.
    const rows: string[][] = [];
    for (const line of csv.split('\r\n').filter((l) => l !== '')) {
      const cells: string[] = [];
      const pattern = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(line))) {
        cells.push(match[2] !== undefined ? match[2].replace(/""/g, '"') : match[1]!);
        if (match[3] === '') break;
      }
      rows.push(cells);
    }
    return rows;
  }

  it('downloads the CSV through a plain link: every row, RFC 4180, formula cells defused', async () => {
    // A link sends the session cookie but no provider header.
    const link = new TestClient(server.url, null);
    for (const [k, v] of me.browser.cookies) link.cookies.set(k, v);
    const response = await link.get<string>('/api/takedowns/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="takedown-report-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
    const rows = records(response.body);
    expect(rows[0]).toEqual([
      'Takedown ID',
      'Status',
      'Kind',
      'Page URL',
      'Host',
      'Site kind',
      'Confirmed at',
      'Notice sent at',
      'Removed at',
      'Last checked at',
      'Recipient',
      'Recipient role',
      'Recipient address',
      'Dark web',
    ]);
    expect(rows).toHaveLength(12);
    expect(rows.slice(1).every((r) => r[13] === 'no')).toBe(true);
    const evil = rows.find((r) => r[3] === 'https://evil.example/a,b"c')!;
    expect(evil[4]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(evil[10]).toBe("'@SUM(1+1)");
    expect(evil[12]).toBe("'-abuse@evil.example");
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const removed = rows.filter((r) => r[1] === 'Removed');
    expect(removed).toHaveLength(3);
    expect(removed.every((r) => !Number.isNaN(Date.parse(r[8]!)))).toBe(true);
  });

  it('applies the report’s filters and order to the CSV', async () => {
    const response = await me.browser.get<string>(
      '/api/takedowns/export.csv?status=removed&sort=host&dir=asc',
    );
    const rows = records(response.body).slice(1);
    expect(rows.map((r) => r[4])).toEqual(['files-c.example', 'forum-b.example', 'tube-a.example']);
    expect((await me.browser.get('/api/takedowns/export.csv?status=bogus')).status).toBe(400);
    expect((await me.browser.get('/api/takedowns/export.csv?provider=nobody')).status).toBe(400);
  });

  async function pdfText(path: string): Promise<string> {
    const response = await fetch(new URL(path, server.url), {
      headers: { cookie: [...me.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="takedown-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'takedown-pdf-'));
    try {
      writeFileSync(join(dir, 'report.pdf'), bytes);
      const { stdout } = await run('/usr/bin/pdftotext', ['-layout', join(dir, 'report.pdf'), '-']);
      return stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('makes the branded PDF: the figures, the rate’s definition, the charts’ titles and every row', async () => {
    const text = await pdfText('/api/takedowns/export.pdf?provider=lumen');
    expect(text).toContain('Lumen Guard · Takedown report');
    expect(text).toMatch(/Found\s+Confirmed\s+Notices sent\s+Removed\s+Pending\s+Removal rate/);
    // found 11 (10 + the evil one), confirmed 11, notices 9, removed 3, pending 7, rate 1 of 6.
    expect(text).toMatch(/11\s+11\s+9\s+3\s+7\s+16\.7 %/);
    expect(text).toContain('1 of 6 enforced takedowns');
    expect(text).toContain(
      'Removal rate = takedowns removed ÷ takedowns whose notice was sent more than 72 hours ago',
    );
    expect(text).toContain('Removals over the last 12 months');
    expect(text).toContain('By kind of site');
    expect(text).toContain('All takedowns: 11 takedowns, listed from the next page.');
    for (const host of [
      'tube-a.example',
      'forum-b.example',
      'files-c.example',
      'board-d.example',
      'social-e.example',
    ])
      expect(text).toContain(host);
    expect(text.match(/Escalated/g)?.length).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Hosty Networks (Host)');
    // The table's page under the letterhead, and every page numbered as it was streamed.
    expect(text).toContain('All takedowns · from row 1 of 11');
    expect(text).toMatch(/Lumen Guard · page 1\b[^]*Lumen Guard · page 2\b/);
  });

  it('filters the PDF’s table like the report, and says when nothing matches', async () => {
    const removed = await pdfText('/api/takedowns/export.pdf?status=removed');
    expect(removed).toContain('Shark · Takedown report');
    expect(removed).toContain('Takedowns with status Removed: 3 takedowns');
    expect(removed).not.toContain('social-e.example');
    const none = await pdfText('/api/takedowns/export.pdf?q=nowhere');
    expect(none).toContain('No takedowns match these filters.');
  });
});

describe('exports of 20,000 rows', () => {
  const ROWS = 20_000;
  let api: { url: string; close: () => Promise<void> };
  let me: Creator;
  const reads: number[] = [];

  /** The report's routes on an app of their own, over a repository that notes each page it reads. */
  async function serve(repo: TakedownReportRepository) {
    const reports = createTakedownReportService({
      repo,
      responseWindowHours: 72,
      nextScanAt: () => Promise.resolve(null),
    });
    const app = new OpenAPIHono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('brand', server.services.brands.all()[0]!);
      await next();
    });
    app.route(
      '/api',
      takedownRoutes({
        auth: server.services.auth,
        reports,
        entitlements: server.services.entitlements,
        takedowns: server.services.enforcement.takedowns,
        isFreeRemovalTakedown: () => Promise.resolve(false),
        brands: server.services.brands,
        logoDirectories: [],
      }),
    );
    app.onError((error, c) =>
      error instanceof AppError
        ? c.json(error.toBody(), error.status)
        : c.json({ code: 'INTERNAL', message: String(error) }, 500),
    );
    const listener = getRequestListener(app.fetch);
    const http: Server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      close: async () => {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      },
    };
  }

  beforeAll(async () => {
    me = await creator();
    await seedManyTakedowns(db(), me.id, ROWS, { urlPadding: 300 });
    const real = createTakedownReportRepository(db());
    api = await serve({
      ...real,
      page: async (...args: Parameters<TakedownReportRepository['page']>) => {
        const rows = await real.page(...args);
        reads.push(rows.length);
        return rows;
      },
    });
  }, 240_000);

  afterAll(async () => {
    await api?.close();
  });

  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };

  /** Reads the export as it streams; the heap is measured after each chunk, garbage collected first. */
  async function stream(
    path: string,
  ): Promise<{ bytes: number; lines: number; peakHeapGrowth: number; tail: string }> {
    const cookie = [...me.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const baseline = heap();
    const response = await fetch(`${api.url}${path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let bytes = 0;
    let lines = 0;
    let peak = 0;
    let chunks = 0;
    let tail = '';
    for (;;) {
      const { done, value } = (await reader.read()) as
        { done: true; value?: undefined } | { done: false; value: Uint8Array };
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines++;
      tail = (tail + Buffer.from(value.subarray(-64)).toString('latin1')).slice(-64);
      if (++chunks % 8 === 0) peak = Math.max(peak, heap() - baseline);
    }
    peak = Math.max(peak, heap() - baseline);
    return { bytes, lines, peakHeapGrowth: peak, tail };
  }

  it('streams the CSV in batches of 1000 with a flat heap', async () => {
    reads.length = 0;
    const result = await stream('/api/takedowns/export.csv');
    expect(result.lines).toBe(ROWS + 1);
    // Each page address is over 300 characters: the whole file is over 8 MB.
    expect(result.bytes).toBeGreaterThan(8_000_000);
    expect(reads).toEqual([...Array<number>(ROWS / 1000).fill(1000), 0]);
    // Holding the file (or its rows) would grow the heap by more than the file's size.
    expect(result.peakHeapGrowth).toBeLessThan(6_000_000);
  }, 120_000);

  it('streams the PDF in batches of 1000 with a flat heap', async () => {
    reads.length = 0;
    const result = await stream('/api/takedowns/export.pdf');
    expect(result.tail).toContain('%%EOF');
    expect(reads).toEqual([...Array<number>(ROWS / 1000).fill(1000), 0]);
    // 20,000 rows held as objects would take tens of megabytes.
    expect(result.peakHeapGrowth).toBeLessThan(6_000_000);
  }, 240_000);
});
