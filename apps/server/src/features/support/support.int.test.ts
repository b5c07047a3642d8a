// Support requests over HTTP: the creator opens, reads, replies to and closes her own requests (and
// no one else's); staff list them by priority, answer (she is notified in the app and by e-mail),
// close and reopen them, each change in the audit log; the team's inbox hears of new requests.
import type { AuditList } from '@shark/contracts/staff.ts';
import type { NotificationPage } from '@shark/contracts/notifications.ts';
import {
  SUPPORT_OPEN_LIMIT,
  type StaffSupportList,
  type StaffSupportRequest,
  type SupportRequest,
  type SupportRequestList,
} from '@shark/contracts/support.ts';
import { eq } from 'drizzle-orm';
import { finding, user } from '@shark/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTakedown } from '#server/features/takedowns/testing/takedown-report-seed.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { readMails } from '#server/testing/mailbox.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const INBOX = 'team-inbox@shark.test';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPPORT_INBOX: INBOX });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.database.db;

async function creator(plan?: 'standard' | 'plus' | 'premium') {
  const signedIn = await signedInUser(server);
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, signedIn.email));
  if (plan) await server.services.accounts.grant(signedIn.email, { status: 'subscribed', plan });
  return { ...signedIn, id: row!.id };
}

async function openRequest(browser: TestClient, body: Record<string, unknown> = {}) {
  const res = await browser.post<SupportRequest>('/api/support', {
    subject: 'My takedown seems stuck',
    message: 'Nothing happened for a week. Can you check?',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('the creator side', () => {
  it('requires sign-in on every route', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/support')).status).toBe(401);
    expect((await anonymous.post('/api/support', { subject: 'a', message: 'b' })).status).toBe(401);
    expect((await anonymous.get('/api/support/x')).status).toBe(401);
    expect((await anonymous.post('/api/support/x/messages', { message: 'b' })).status).toBe(401);
    expect((await anonymous.post('/api/support/x/close')).status).toBe(401);
  });

  it('opens a request, lists it, replies and closes it', async () => {
    const her = await creator('plus');
    const opened = await openRequest(her.browser);
    expect(opened).toMatchObject({
      status: 'open',
      subject: 'My takedown seems stuck',
      link: null,
    });
    expect(opened.messages).toEqual([
      expect.objectContaining({
        fromStaff: false,
        body: 'Nothing happened for a week. Can you check?',
      }),
    ]);

    const list = await her.browser.get<SupportRequestList>('/api/support');
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r) => r.id)).toEqual([opened.id]);
    expect(list.body).toMatchObject({ unclosed: 1, unclosedLimit: SUPPORT_OPEN_LIMIT });

    const replied = await her.browser.post<SupportRequest>(`/api/support/${opened.id}/messages`, {
      message: 'Also: the page is still up.',
    });
    expect(replied.status).toBe(200);
    expect(replied.body.messages.map((m) => m.body)).toEqual([
      'Nothing happened for a week. Can you check?',
      'Also: the page is still up.',
    ]);

    const closed = await her.browser.post<SupportRequest>(`/api/support/${opened.id}/close`);
    expect(closed.body.status).toBe('closed');
    const after = await her.browser.get<SupportRequestList>('/api/support');
    expect(after.body.unclosed).toBe(0);
  });

  it('refuses bad input with the field named', async () => {
    const her = await creator();
    const res = await her.browser.post<{ fields: Record<string, string> }>('/api/support', {
      subject: 'x'.repeat(201),
      message: '',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['subject', 'message']));
    const long = await her.browser.post('/api/support', {
      subject: 's',
      message: 'm'.repeat(5001),
    });
    expect(long.status).toBe(400);
  });

  it('hides one creator’s request from another (404), to read, reply and close', async () => {
    const her = await creator();
    const other = await creator();
    const opened = await openRequest(her.browser);
    expect((await other.browser.get(`/api/support/${opened.id}`)).status).toBe(404);
    expect(
      (await other.browser.post(`/api/support/${opened.id}/messages`, { message: 'hi' })).status,
    ).toBe(404);
    expect((await other.browser.post(`/api/support/${opened.id}/close`)).status).toBe(404);
    expect((await other.browser.get<SupportRequestList>('/api/support')).body.requests).toEqual([]);
    expect((await her.browser.get<SupportRequest>(`/api/support/${opened.id}`)).body.status).toBe(
      'open',
    );
  });

  it('links her own takedown or finding, and refuses another account’s', async () => {
    const her = await creator('premium');
    const other = await creator('premium');
    const mine = await seedTakedown(db(), her.id, { status: 'notice_sent', host: 'tube.example' });
    const theirs = await seedTakedown(db(), other.id, { status: 'notice_sent' });
    const [theirFinding] = await db()
      .select({ id: finding.id })
      .from(finding)
      .where(eq(finding.userId, other.id));
    const [myFinding] = await db()
      .select({ id: finding.id })
      .from(finding)
      .where(eq(finding.userId, her.id));

    const linked = await openRequest(her.browser, { takedownId: mine });
    expect(linked.link).toMatchObject({ type: 'takedown', id: mine, host: 'tube.example' });
    const aboutFinding = await openRequest(her.browser, { findingId: myFinding!.id });
    expect(aboutFinding.link).toMatchObject({ type: 'finding', id: myFinding!.id });

    const refused = await her.browser.post<{ fields: Record<string, string> }>('/api/support', {
      subject: 'About their takedown',
      message: 'm',
      takedownId: theirs,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.takedownId).toMatch(/none of your takedowns/i);
    const refusedFinding = await her.browser.post('/api/support', {
      subject: 's',
      message: 'm',
      findingId: theirFinding!.id,
    });
    expect(refusedFinding.status).toBe(400);
    const both = await her.browser.post('/api/support', {
      subject: 's',
      message: 'm',
      takedownId: mine,
      findingId: myFinding!.id,
    });
    expect(both.status).toBe(400);
  });

  it(`stops at ${SUPPORT_OPEN_LIMIT} requests not closed, and a closed one does not reopen past it`, async () => {
    const her = await creator();
    const ids: string[] = [];
    for (let i = 0; i < SUPPORT_OPEN_LIMIT; i++) ids.push((await openRequest(her.browser)).id);
    const over = await her.browser.post<{ message: string }>('/api/support', {
      subject: 'One more',
      message: 'm',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/close one/i);

    await her.browser.post(`/api/support/${ids[0]}/close`);
    await openRequest(her.browser);
    const reopen = await her.browser.post(`/api/support/${ids[0]}/messages`, { message: 'again' });
    expect(reopen.status).toBe(409);
  });

  it('puts her requests and their messages in her data export, and no one else’s', async () => {
    const her = await creator();
    const other = await creator();
    const opened = await openRequest(her.browser, { subject: 'Exported request' });
    await openRequest(other.browser, { subject: 'Not hers' });
    const res = await her.browser.get<{
      supportRequests: { id: string; subject: string }[];
      supportMessages: { requestId: string; body: string; authorId?: string }[];
    }>('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.body.supportRequests).toEqual([
      expect.objectContaining({ id: opened.id, subject: 'Exported request' }),
    ]);
    expect(res.body.supportMessages).toEqual([
      expect.objectContaining({
        requestId: opened.id,
        body: 'Nothing happened for a week. Can you check?',
      }),
    ]);
    expect(res.body.supportMessages[0]).not.toHaveProperty('authorId');
  });
});

describe('the staff side', () => {
  it('is closed to creators and the signed-out (404)', async () => {
    const her = await creator();
    const opened = await openRequest(her.browser);
    for (const client of [new TestClient(server.url), her.browser]) {
      expect((await client.get('/api/staff/support')).status).toBe(404);
      expect((await client.get(`/api/staff/support/${opened.id}`)).status).toBe(404);
      expect(
        (await client.post(`/api/staff/support/${opened.id}/answer`, { message: 'x' })).status,
      ).toBe(404);
      expect((await client.post(`/api/staff/support/${opened.id}/close`)).status).toBe(404);
    }
  });

  it('lists open first, Premium first, then the oldest waiting; filters by status and creator', async () => {
    const agent = await staffUser(server, 'agent');
    const standard = await creator('standard');
    const premium = await creator('premium');
    const free = await creator();
    const plus = await creator('plus');
    const a = await openRequest(standard.browser, { subject: 'standard, oldest' });
    const b = await openRequest(free.browser, { subject: 'free' });
    const c = await openRequest(premium.browser, { subject: 'premium, newer' });
    const d = await openRequest(plus.browser, { subject: 'plus, answered' });
    const e = await openRequest(premium.browser, { subject: 'premium, newest' });
    await agent.browser.post(`/api/staff/support/${d.id}/answer`, { message: 'Done.' });

    const all = await agent.browser.get<StaffSupportList>('/api/staff/support');
    expect(all.status).toBe(200);
    const mine = new Set([a.id, b.id, c.id, d.id, e.id]);
    expect(all.body.requests.filter((r) => mine.has(r.id)).map((r) => r.subject)).toEqual([
      'premium, newer',
      'premium, newest',
      'standard, oldest',
      'free',
      'plus, answered',
    ]);
    expect(all.body.requests.find((r) => r.id === c.id)?.creator).toMatchObject({
      email: premium.email,
      tier: 'premium',
      tierName: expect.any(String),
    });

    const answered = await agent.browser.get<StaffSupportList>(
      '/api/staff/support?status=answered',
    );
    expect(answered.body.requests.every((r) => r.status === 'answered')).toBe(true);
    expect(answered.body.requests.map((r) => r.id)).toContain(d.id);

    const byCreator = await agent.browser.get<StaffSupportList>(
      `/api/staff/support?creator=${encodeURIComponent(premium.email.toUpperCase())}`,
    );
    expect(byCreator.body.requests.map((r) => r.id)).toEqual([c.id, e.id]);
    const byId = await agent.browser.get<StaffSupportList>(`/api/staff/support?creator=${free.id}`);
    expect(byId.body.requests.map((r) => r.id)).toEqual([b.id]);
    expect((await agent.browser.get('/api/staff/support?status=waiting')).status).toBe(400);
  });

  it('answers (she is notified in the app and by e-mail), closes and reopens, each in the audit log', async () => {
    const agent = await staffUser(server, 'agent');
    const her = await creator('premium');
    const mine = await seedTakedown(db(), her.id, { status: 'notice_sent', host: 'leaks.example' });
    const opened = await openRequest(her.browser, { subject: 'Stuck takedown', takedownId: mine });

    const detail = await agent.browser.get<StaffSupportRequest>(`/api/staff/support/${opened.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      creator: { email: her.email, tier: 'premium' },
      link: { type: 'takedown', id: mine, host: 'leaks.example', status: 'notice_sent' },
    });
    expect(detail.body.messages[0]).toMatchObject({ fromStaff: false, authorEmail: her.email });
    expect((await agent.browser.get('/api/staff/support/no-such-request')).status).toBe(404);

    const answered = await agent.browser.post<StaffSupportRequest>(
      `/api/staff/support/${opened.id}/answer`,
      { message: 'We sent the notice to the host again.' },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.status).toBe('answered');
    expect(answered.body.messages.at(-1)).toMatchObject({
      fromStaff: true,
      authorEmail: agent.email,
    });

    const seen = await her.browser.get<SupportRequest>(`/api/support/${opened.id}`);
    expect(seen.body.status).toBe('answered');
    expect(seen.body.messages.at(-1)).toMatchObject({
      fromStaff: true,
      body: 'We sent the notice to the host again.',
    });
    expect(seen.body.messages.at(-1)).not.toHaveProperty('authorEmail');

    const notes = await her.browser.get<NotificationPage>('/api/notifications');
    const note = notes.body.notifications.find((n) => n.category === 'support');
    expect(note).toMatchObject({
      title: 'Shark answered your request',
      link: `/support/${opened.id}`,
    });
    expect(note?.body).toContain('We sent the notice to the host again.');
    const mail = await waitFor(
      async () =>
        (await readMails(server.config.mailDir)).find(
          (m) => m.to === her.email && m.subject === 'Shark answered your request',
        ),
      { what: 'the answer e-mail' },
    );
    expect(mail.text).toContain(`/support/${opened.id}`);

    const replied = await her.browser.post<SupportRequest>(`/api/support/${opened.id}/messages`, {
      message: 'Thank you!',
    });
    expect(replied.body.status).toBe('open');

    const closed = await agent.browser.post<StaffSupportRequest>(
      `/api/staff/support/${opened.id}/close`,
    );
    expect(closed.body.status).toBe('closed');
    const reopened = await agent.browser.post<StaffSupportRequest>(
      `/api/staff/support/${opened.id}/reopen`,
    );
    expect(reopened.body.status).toBe('open');

    const log = await agent.browser.get<AuditList>(`/api/staff/audit?targetId=${opened.id}`);
    expect(log.body.events.map((e) => e.action)).toEqual([
      'support.reopen',
      'support.close',
      'support.answer',
    ]);
    for (const event of log.body.events)
      expect(event).toMatchObject({
        actorEmail: agent.email,
        targetType: 'support_request',
        subjectUserId: her.id,
      });
    expect(log.body.events[2]).toMatchObject({
      before: { status: 'open' },
      after: { status: 'answered', message: 'We sent the notice to the host again.' },
    });
    expect(log.body.events[0]).toMatchObject({
      before: { status: 'closed' },
      after: { status: 'open' },
    });
  });

  it('tells the team’s inbox of a new request, with the link to answer it', async () => {
    const her = await creator('premium');
    const opened = await openRequest(her.browser, { subject: 'Inbox check' });
    const mail = await waitFor(
      async () =>
        (await readMails(server.config.mailDir)).find(
          (m) => m.to === INBOX && m.subject.endsWith('Inbox check'),
        ),
      { what: 'the inbox e-mail' },
    );
    expect(mail.subject).toMatch(/^New support request \(.+\): Inbox check$/);
    expect(mail.text).toContain(her.email);
    expect(mail.text).toContain(`/staff/support/${opened.id}`);
  });
});
