// Likeness findings from the scan to the notice, on one Shark (mail as .eml files, RDAP from a local
// stand-in, DNS injected): never confirmed automatically, never reported on a whitelisted page; the
// creator says what the picture is when confirming it; her own content is taken down as a leak (DMCA),
// a forgery or intimate content shared without consent under TAKE IT DOWN (a US host, 48 hours to act)
// or DSA Article 16 (a host in the EU); the evidence (both face crops) served to her alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingPage, ReviewFindingResult } from '@shark/contracts/findings.ts';
import { finding, notice, noticeItem, takedown, takedownEvent } from '@shark/db/schema.ts';
import {
  DSA_BONA_FIDE_STATEMENT,
  TAKE_IT_DOWN_DEADLINE,
} from '@shark/engine/notices/depiction-notice.ts';
import type { RdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { readBackPdf } from '@shark/engine/pdf/test-poppler.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { enrolFace, recordLikeness } from '#server/features/findings/testing/likeness-findings.ts';
import {
  ARIN_ABUSE,
  HOME_ADDRESS,
  LEGAL_NAME,
  RIPE_ABUSE,
  rdapEnv,
  recordLeak,
  signAuthorization,
  startEnforcementServer,
  startTestRdap,
  takedownOf,
  takedownReaches,
  testCreator,
  type TestCreator,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

let rdap: RdapStandIn;
let server: TestServer;
let creator: TestCreator;
let other: TestCreator;

beforeAll(async () => {
  rdap = await startTestRdap();
  server = await startEnforcementServer(rdapEnv(rdap));
  creator = await testCreator(server);
  other = await testCreator(server, 'Other Creator');
});
afterAll(async () => {
  await server?.close();
  await rdap?.close();
});

const db = () => server.services.database.db;

/** The law each notice sent for a takedown invoked, as recorded. */
async function noticeKindsOf(takedownId: string): Promise<string[]> {
  const rows = await db()
    .select({ kind: notice.kind })
    .from(noticeItem)
    .innerJoin(notice, eq(notice.id, noticeItem.noticeId))
    .where(eq(noticeItem.takedownId, takedownId));
  return rows.map((row) => row.kind);
}

async function mailsTo(to: string): Promise<{ subject: string; text: string; html: string }[]> {
  let files: string[];
  try {
    files = readdirSync(server.config.mailDir).filter((file) => file.startsWith('notice-'));
  } catch {
    return [];
  }
  const mails = [];
  for (const file of files.sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(server.config.mailDir, file)));
    if (!parsed.to?.some((address) => address.address === to)) continue;
    mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' });
  }
  return mails;
}

function mailWith(to: string, url: string) {
  return waitFor(async () => (await mailsTo(to)).find((mail) => mail.text.includes(url)), {
    what: `the notice to ${to} naming ${url}`,
  });
}

async function confirm(who: TestCreator, id: string, likenessNature?: string) {
  return who.browser.post<ReviewFindingResult & { message?: string; fields?: unknown }>(
    `/api/findings/${id}/review`,
    { action: 'confirm', ...(likenessNature ? { likenessNature } : {}) },
  );
}

describe('likeness findings', () => {
  it('wait for her review however close the face, and open no takedown until she confirms', async () => {
    const recorded = await recordLikeness(
      server.services,
      creator.userId,
      'https://leaky-tube.example/pics/1',
      { similarity: 0.99 },
    );
    expect(recorded.status).toBe('pending_review');
    expect(await takedownOf(server, recorded.id)).toBeUndefined();
  });

  it('are recorded as whitelisted on a whitelisted page, and never reported', async () => {
    const entry = await creator.browser.post('/api/whitelist', {
      value: 'https://second-leaks.example/her-own-page',
      kind: 'url',
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const recorded = await recordLikeness(
      server.services,
      creator.userId,
      'https://second-leaks.example/her-own-page',
    );
    expect(recorded.status).toBe('whitelisted');
    // Confirming it is refused while the entry covers it: nothing is ever sent about it.
    const res = await confirm(creator, recorded.id, 'forgery');
    expect(res.status).toBe(409);
    expect(await takedownOf(server, recorded.id)).toBeUndefined();
  });

  it('are shown as their own kind, with the similarity and the two faces’ evidence', async () => {
    const faceId = await enrolFace(server.services, creator.userId);
    const { id } = await recordLikeness(
      server.services,
      creator.userId,
      'https://leaky-tube.example/pics/2',
      { enrolledFaceId: faceId, similarity: 0.87 },
    );
    const page = await creator.browser.get<FindingPage>('/api/findings?kind=likeness');
    expect(page.status).toBe(200);
    expect(page.body.findings.every((f) => f.kind === 'likeness')).toBe(true);
    expect(page.body.findings.find((f) => f.id === id)).toMatchObject({
      kind: 'likeness',
      status: 'pending_review',
      likeness: { similarity: 0.87, nature: null, hasFoundFace: true, hasEnrolledFace: true },
    });
    const leaks = await creator.browser.get<FindingPage>('/api/findings?kind=leak');
    expect(leaks.body.findings.some((f) => f.id === id)).toBe(false);

    const found = await creator.browser.download(`/api/findings/${id}/face/found`);
    const enrolled = await creator.browser.download(`/api/findings/${id}/face/enrolled`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('image/jpeg');
    expect(enrolled.status).toBe(200);
    const colour = async (bytes: Uint8Array) => (await sharp(bytes).stats()).dominant;
    expect((await colour(found.bytes)).r).toBeGreaterThan(200);
    expect((await colour(enrolled.bytes)).b).toBeGreaterThan(200);

    // Another account: 404 for every one of them, the same as for no such finding.
    for (const which of ['found', 'enrolled'])
      expect((await other.browser.download(`/api/findings/${id}/face/${which}`)).status).toBe(404);
    expect((await confirm(other, id, 'forgery')).status).toBe(404);
    expect((await creator.browser.download(`/api/findings/nope/face/found`)).status).toBe(404);
    expect((await creator.browser.download(`/api/findings/${id}/face/other`)).status).toBe(400);
    // Signed out: 401.
    const { TestClient } = await import('#server/testing/http-client.ts');
    const anonymous = new TestClient(server.url);
    expect((await anonymous.download(`/api/findings/${id}/face/found`)).status).toBe(401);

    // A leak is no likeness: it has no faces.
    const leak = await recordLeak(server, creator.userId, 'https://leaky-tube.example/watch/9');
    expect(
      (await creator.browser.download(`/api/findings/${leak.findingId}/face/found`)).status,
    ).toBe(404);
  });

  it('need what the picture is to be confirmed, and no other finding takes it', async () => {
    const { id } = await recordLikeness(
      server.services,
      creator.userId,
      'https://leaky-tube.example/pics/3',
    );
    const missing = await confirm(creator, id);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Say what this picture is/);
    expect(missing.body.fields).toHaveProperty('likenessNature');
    const wrong = await confirm(creator, id, 'selfie');
    expect(wrong.status).toBe(400);
    const rejected = await creator.browser.post<{ message: string }>(`/api/findings/${id}/review`, {
      action: 'reject',
      likenessNature: 'forgery',
    });
    expect(rejected.status).toBe(400);
    const [row] = await db().select().from(finding).where(eq(finding.id, id));
    expect(row).toMatchObject({ status: 'pending_review', likenessNature: null });

    const leak = await server.services.findings.record({
      userId: creator.userId,
      scanId: null,
      kind: 'leak',
      pageUrl: 'https://leaky-tube.example/watch/10',
      source: 'test',
      confidence: 0.5,
    });
    const onLeak = await confirm(creator, leak.id, 'forgery');
    expect(onLeak.status).toBe(400);
    expect(onLeak.body.message).toMatch(/Only a finding of your face/);
  });
});

describe('enforcing a confirmed likeness', () => {
  let forgeryUs: string;
  let intimateEu: string;
  let ownContent: string;

  it('opens its takedown under the law its nature and its host call for', async () => {
    const a = await recordLikeness(
      server.services,
      creator.userId,
      'https://leaky-tube.example/fake/1',
    );
    const b = await recordLikeness(
      server.services,
      creator.userId,
      'https://ripe-leaks.example/p/2',
    );
    const c = await recordLikeness(
      server.services,
      creator.userId,
      'https://leaky-tube.example/own/3',
    );
    expect((await confirm(creator, a.id, 'forgery')).body.finding.likeness?.nature).toBe('forgery');
    expect((await confirm(creator, b.id, 'intimate_without_consent')).status).toBe(200);
    expect((await confirm(creator, c.id, 'own_content')).status).toBe(200);

    const resolved = (findingId: string) =>
      waitFor(
        async () => {
          const row = await takedownOf(server, findingId);
          return row?.recipientsResolvedAt ? row : undefined;
        },
        { what: `the recipients of ${findingId}'s takedown` },
      );
    const [ta, tb, tc] = [await resolved(a.id), await resolved(b.id), await resolved(c.id)];
    expect(ta).toMatchObject({ kind: 'likeness', legalBasis: 'take_it_down' });
    // A host in the Netherlands (RIPE says NL): DSA Article 16.
    expect(tb).toMatchObject({ kind: 'likeness', legalBasis: 'dsa_article_16' });
    expect(tc).toMatchObject({ kind: 'likeness', legalBasis: 'dmca' });
    forgeryUs = ta.id;
    intimateEu = tb.id;
    ownContent = tc.id;
    const [opened] = await db()
      .select()
      .from(takedownEvent)
      .where(eq(takedownEvent.takedownId, ta.id));
    expect(opened?.detail).toContain('a forgery of her likeness');
  });

  it('sends a TAKE IT DOWN request with its elements, and gives the host 48 hours', async () => {
    await signAuthorization(creator);
    const mail = await mailWith(ARIN_ABUSE, 'https://leaky-tube.example/fake/1');
    expect(mail.subject).toMatch(/^TAKE IT DOWN Act removal request ntc_/);
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `/s/ Jordan Reyes, on behalf of Shark, authorised agent of ${LEGAL_NAME}`,
    );
    expect(text).toContain('Image: https://leaky-tube.example/img/');
    expect(text).toContain('a digital forgery of an identifiable individual');
    expect(text).toContain('dmca@shark.example');
    expect(text).toContain(TAKE_IT_DOWN_DEADLINE);
    expect(mail.text).not.toMatch(/infring/i);
    expect(mail.text).not.toContain('https://leaky-tube.example/own/3');
    for (const part of [HOME_ADDRESS.addressLine1, HOME_ADDRESS.city, creator.email]) {
      expect(mail.text).not.toContain(part);
      expect(mail.html).not.toContain(part);
    }
    const sent = await takedownReaches(server, forgeryUs, ['notice_sent']);
    expect(sent.responseDueAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(48 * 3600_000);
    expect(await noticeKindsOf(forgeryUs)).toEqual(['take_it_down']);
  });

  it('sends a DSA Article 16 notice to a host in the EU, with the configured window', async () => {
    const mail = await mailWith(RIPE_ABUSE, 'https://ripe-leaks.example/p/2');
    expect(mail.subject).toMatch(/^DSA Article 16 notice ntc_/);
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('illegal content');
    expect(text).toContain(`Submitted by: Shark (attn. Jordan Reyes)`);
    expect(text).toContain(LEGAL_NAME);
    expect(text).toContain(DSA_BONA_FIDE_STATEMENT);
    expect(mail.text).not.toMatch(/infring/i);
    const sent = await takedownReaches(server, intimateEu, ['notice_sent']);
    expect(sent.responseDueAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(72 * 3600_000);
    expect(await noticeKindsOf(intimateEu)).toEqual(['dsa_article_16']);
  });

  it('takes her own content down as a leak, in a DMCA notice', async () => {
    const mail = await mailWith(ARIN_ABUSE, 'https://leaky-tube.example/own/3');
    expect(mail.subject).toMatch(/^DMCA notice/);
    expect(mail.text).not.toContain('https://leaky-tube.example/fake/1');
    const sent = await takedownReaches(server, ownContent, ['notice_sent']);
    expect(sent.responseDueAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(72 * 3600_000);
    expect(await noticeKindsOf(ownContent)).toEqual(['dmca']);
    const rows = await db().select().from(takedown).where(eq(takedown.userId, creator.userId));
    expect(rows.filter((row) => row.kind === 'likeness')).toHaveLength(3);
  });

  it('shows them as their own kind in the takedown report, its CSV and its PDF', async () => {
    const list = await creator.browser.get<{ takedowns: { id: string; kind: string }[] }>(
      '/api/takedowns?kind=likeness',
    );
    expect(list.status).toBe(200);
    expect(list.body.takedowns.map((row) => row.id).sort()).toEqual(
      [forgeryUs, intimateEu, ownContent].sort(),
    );
    const csv = await creator.browser.get<string>('/api/takedowns/export.csv?kind=likeness');
    expect(csv.status).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line).toContain(',Likeness,');
    const pdf = await creator.browser.download('/api/takedowns/export.pdf?kind=likeness');
    expect(pdf.status).toBe(200);
    const { text } = readBackPdf(Buffer.from(pdf.bytes));
    expect(text).toContain('kind Likeness');
    expect(text).toContain('Likeness');
  });
});
