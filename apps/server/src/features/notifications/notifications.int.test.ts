// Notifications through the real server, queue and mailer (mail written as .eml files): raised by the
// pipeline's services (a takedown removed or refused, billing through the Stripe stand-in), once per
// event, e-mailed per her choices with List-Unsubscribe, read and marked read through the API (her own
// only), and the e-mail settings link: used without signing in, refused when forged or expired.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification, user } from '@shark/db/schema.ts';
import type {
  EmailPreferences,
  Notification,
  NotificationPage,
  SubscriptionSettings,
} from '@shark/contracts/notifications.ts';
import { type StripeStandIn } from '#server/features/billing/testing/stripe-stand-in.ts';
import {
  startBillingTestServer,
  type BillingTestServer,
} from '#server/features/billing/testing/billing-test-server.ts';
import {
  insertTakedown,
  markNoticeSent,
} from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { linkIn, readMails, type ReceivedMail } from '#server/testing/mailbox.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { createSubscriptionTokens } from './subscription-token.ts';

let stripe: StripeStandIn;
let server: TestServer;

let billing: BillingTestServer;

beforeAll(async () => {
  billing = await startBillingTestServer();
  ({ server, stripe } = billing);
});
afterAll(async () => {
  await billing?.close();
});

const db = () => server.services.database.db;
const userIdOf = async (email: string) =>
  (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
const listOf = async (browser: TestClient, query = '') =>
  (await browser.get<NotificationPage>(`/api/notifications${query}`)).body;

/** The e-mail of one notification, once its job has sent it. */
const mailOf = (to: string, subject: string) =>
  waitFor(
    async () =>
      (await readMails(server.config.mailDir)).find((m) => m.to === to && m.subject === subject),
    { what: `the mail "${subject}"` },
  );

async function creator() {
  const signedIn = await signedInUser(server);
  return { ...signedIn, id: await userIdOf(signedIn.email) };
}

describe('notifications raised by the pipeline', () => {
  it('a recipient refusing a notice, and a removal it confirms, notify her once each, with e-mail', async () => {
    const her = await creator();
    const row = await insertTakedown(db(), {
      userId: her.id,
      pageUrl: 'https://cliptube.example/watch/abc',
    });
    await markNoticeSent(db(), row.id, new Date());

    await server.services.takedownLifecycle.respond(row.id, {
      kind: 'rejected',
      reason: 'They claim fair use',
    });
    let page = await listOf(her.browser);
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]).toMatchObject({
      category: 'notice_responses',
      title: 'ClipTube answered your takedown notice',
      link: '/takedown-report',
      isRead: false,
    });
    expect(page.notifications[0]!.body).toContain('They claim fair use');

    // The site thinks again and takes the page down.
    await server.services.takedownLifecycle.respond(row.id, { kind: 'removed' });
    page = await listOf(her.browser);
    expect(page.notifications.map((n) => n.category)).toEqual(['removals', 'notice_responses']);
    expect(page.notifications[0]).toMatchObject({
      title: 'Removed: your content on cliptube.example',
      link: '/takedown-report',
    });
    expect(page).toMatchObject({ total: 2, unread: 2 });

    // Both categories e-mail by default.
    const mail = await mailOf(her.email, 'Removed: your content on cliptube.example');
    expect(mail.text).toContain(
      'ClipTube confirmed that the page https://cliptube.example/watch/abc was taken down.',
    );
    expect(mail.text).toContain(`${server.url}/takedown-report`);
    await mailOf(her.email, 'ClipTube answered your takedown notice');
  });

  it('billing: a subscription started, cancelled, and a failed renewal each notify her', async () => {
    const her = await creator();
    const session = await her.browser.post<{ url: string }>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'usd',
    });
    expect(session.status).toBe(200);
    const { subscriptionId } = stripe.payCheckout(session.body.url.split('/').at(-1)!);
    await stripe.flush();
    expect((await listOf(her.browser)).notifications.map((n) => n.title)).toEqual([
      'Your Standard subscription has started',
    ]);

    expect((await her.browser.post('/api/billing/cancel', {})).status).toBe(200);
    // The webhook confirming the cancellation comes after the API's answer: still one notification.
    await stripe.flush();
    stripe.failRenewal(subscriptionId);
    await stripe.flush();
    const titles = (await listOf(her.browser)).notifications.map((n) => n.title);
    expect(titles).toEqual([
      'A payment for your subscription failed',
      'Your subscription is cancelled',
      'Your Standard subscription has started',
    ]);
    await mailOf(her.email, 'A payment for your subscription failed');
  });
});

describe('once per event, e-mail per her choices', () => {
  it('the same event notifies once and mails once', async () => {
    const her = await creator();
    const message = {
      title: 'Dedupe check',
      body: 'Once.',
      link: '/dashboard',
      dedupeKey: 'test:dedupe:1',
    };
    const first = await server.services.notifications.notify(her.id, 'findings', message);
    const second = await server.services.notifications.notify(her.id, 'findings', {
      ...message,
      title: 'Dedupe check again',
    });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(
      await db().select().from(notification).where(eq(notification.userId, her.id)),
    ).toHaveLength(1);
    await mailOf(her.email, 'Dedupe check');
    // Running the e-mail job again (a retried run) writes the same message, not a second one.
    await server.services.notifications.deliverEmail(first!.id);
    expect(
      (await readMails(server.config.mailDir)).filter(
        (m) => m.to === her.email && m.subject.startsWith('Dedupe check'),
      ),
    ).toHaveLength(1);
  });

  it('has defaults per category, saves her choices, and skips e-mail for a category she turned off', async () => {
    const her = await creator();
    const defaults = await her.browser.get<EmailPreferences>(
      '/api/notifications/email-preferences',
    );
    expect(defaults.body).toEqual({
      findings: true,
      removals: true,
      notice_responses: true,
      billing: true,
      scans: false,
      affiliate: false,
      community: false,
      support: true,
    });

    const choices = { ...defaults.body, findings: false, scans: true };
    const saved = await her.browser.request<EmailPreferences>(
      'PUT',
      '/api/notifications/email-preferences',
      choices,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(choices);
    const bad = await her.browser.request('PUT', '/api/notifications/email-preferences', {
      ...choices,
      findings: 'yes',
    });
    expect(bad.status).toBe(400);
    const missing = await her.browser.request('PUT', '/api/notifications/email-preferences', {
      findings: true,
    });
    expect(missing.status).toBe(400);

    const off = await server.services.notifications.notify(her.id, 'findings', {
      title: 'Findings off',
      body: 'x',
      dedupeKey: 'test:off',
    });
    const on = await server.services.notifications.notify(her.id, 'scans', {
      title: 'Scans on',
      body: 'y',
      dedupeKey: 'test:on',
    });
    await mailOf(her.email, 'Scans on');
    // Its job never went out; run by hand, it reads her choice again and sends nothing.
    expect(await server.services.notifications.deliverEmail(off!.id)).toEqual({
      skipped: 'E-mails about findings are off.',
    });
    expect((await readMails(server.config.mailDir)).some((m) => m.subject === 'Findings off')).toBe(
      false,
    );
    expect(on).not.toBeNull();
  });
});

describe('List-Unsubscribe', () => {
  it('is on every mail to a user: notifications and account mails, with the one-click POST', async () => {
    const her = await creator();
    await server.services.notifications.notify(her.id, 'billing', {
      title: 'Header check',
      body: 'z',
      dedupeKey: 'test:header',
    });
    const mails: ReceivedMail[] = [
      await mailOf(her.email, 'Header check'),
      (await readMails(server.config.mailDir)).find(
        (m) => m.to === her.email && /Verify/.test(m.subject),
      )!,
    ];
    for (const mail of mails) {
      const header = mail.headers['list-unsubscribe'];
      expect(header, mail.subject).toMatch(
        new RegExp(
          `^<${server.url}/api/email-settings/subscription/[^>]+/one-click>, <${server.url}/email-settings/subscription/[^>]+>$`,
        ),
      );
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(mails[0]!.text).toContain(
      `Manage your e-mail preferences or unsubscribe: ${server.url}/email-settings/subscription/`,
    );
  });
});

describe('the e-mail settings link', () => {
  async function linkOf(her: Awaited<ReturnType<typeof creator>>, title: string) {
    await server.services.notifications.notify(her.id, 'removals', {
      title,
      body: 'b',
      dedupeKey: `test:${title}`,
    });
    const link = linkIn(await mailOf(her.email, title), '/email-settings/subscription/');
    return decodeURIComponent(link.pathname.split('/').at(-1)!);
  }
  const anonymous = () => new TestClient(server.url);

  it('shows and changes her choices without signing in, and unsubscribes from all', async () => {
    const her = await creator();
    const token = await linkOf(her, 'Link check');
    const shown = await anonymous().get<SubscriptionSettings>(
      `/api/email-settings/subscription/${token}`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      email: `${her.email[0]}***@example.com`,
      isUnsubscribedFromAll: false,
      preferences: { removals: true },
    });
    expect(new Date(shown.body.linkExpiresAt).getTime()).toBeGreaterThan(
      Date.now() + 89 * 24 * 3600 * 1000,
    );

    const changed = await anonymous().request<SubscriptionSettings>(
      'PUT',
      `/api/email-settings/subscription/${token}`,
      { ...shown.body.preferences, billing: false },
    );
    expect(changed.body.preferences.billing).toBe(false);
    expect(
      (await her.browser.get<EmailPreferences>('/api/notifications/email-preferences')).body
        .billing,
    ).toBe(false);

    const all = await anonymous().post<SubscriptionSettings>(
      `/api/email-settings/subscription/${token}/unsubscribe-all`,
      {},
    );
    expect(all.body.isUnsubscribedFromAll).toBe(true);
    expect(Object.values(all.body.preferences).every((v) => !v)).toBe(true);
  });

  it('takes the RFC 8058 one-click POST from a mail client (no provider header, form body)', async () => {
    const her = await creator();
    const token = await linkOf(her, 'One-click check');
    const res = await fetch(
      `${server.url}/api/email-settings/subscription/${encodeURIComponent(token)}/one-click`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isUnsubscribed: true });
    const prefs = (await her.browser.get<EmailPreferences>('/api/notifications/email-preferences'))
      .body;
    expect(Object.values(prefs).every((v) => !v)).toBe(true);
    // Opened in a browser instead, it leads to the page and changes nothing.
    const opened = await fetch(
      `${server.url}/api/email-settings/subscription/${encodeURIComponent(token)}/one-click`,
      { redirect: 'manual' },
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `/email-settings/subscription/${encodeURIComponent(token)}`,
    );
  });

  it('refuses a forged, tampered or expired link with a clear 400', async () => {
    const her = await creator();
    const token = await linkOf(her, 'Forgery check');
    const [payload, signature] = token.split('.') as [string, string];
    const other = await creator();
    const forgedPayload = Buffer.from(
      JSON.stringify({ u: other.id, e: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const wrongKey = createSubscriptionTokens({ secret: 'x'.repeat(40), lifetimeDays: 90 }).sign(
      her.id,
    );
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      wrongKey,
      'not-a-token',
    ]) {
      for (const res of [
        await anonymous().get(`/api/email-settings/subscription/${encodeURIComponent(bad)}`),
        await anonymous().request(
          'PUT',
          `/api/email-settings/subscription/${encodeURIComponent(bad)}`,
          {
            findings: false,
            removals: false,
            notice_responses: false,
            billing: false,
            scans: false,
            affiliate: false,
            community: false,
            support: false,
          },
        ),
        await anonymous().post(
          `/api/email-settings/subscription/${encodeURIComponent(bad)}/unsubscribe-all`,
          {},
        ),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'BAD_REQUEST',
          fields: { token: 'invalid' },
          message: expect.stringContaining('not valid'),
        });
      }
    }
    const oneClick = await fetch(
      `${server.url}/api/email-settings/subscription/${encodeURIComponent(wrongKey)}/one-click`,
      { method: 'POST' },
    );
    expect(oneClick.status).toBe(400);
    // Nothing changed for the user the forged payload named.
    expect(
      (await other.browser.get<EmailPreferences>('/api/notifications/email-preferences')).body
        .findings,
    ).toBe(true);

    const tokens = createSubscriptionTokens({ secret: server.config.authSecret, lifetimeDays: 90 });
    const expired = tokens.sign(her.id, new Date(Date.now() - 91 * 24 * 3600 * 1000));
    const res = await anonymous().get(
      `/api/email-settings/subscription/${encodeURIComponent(expired)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { token: 'expired' },
      message: expect.stringContaining('expired'),
    });
  });
});

describe('reading notifications', () => {
  it('pages newest first, filters unread, marks one and all read', async () => {
    const her = await creator();
    for (let i = 1; i <= 5; i++)
      await server.services.notifications.notify(her.id, 'community', {
        title: `News ${i}`,
        body: 'n',
        dedupeKey: `test:news:${i}`,
      });
    const first = await listOf(her.browser, '?limit=2');
    expect(first.notifications.map((n) => n.title)).toEqual(['News 5', 'News 4']);
    expect(first).toMatchObject({ total: 5, unread: 5 });
    const second = await listOf(her.browser, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.title)).toEqual(['News 3', 'News 2']);
    const last = await listOf(her.browser, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.notifications.map((n) => n.title)).toEqual(['News 1']);
    expect(last.nextCursor).toBeNull();

    const read = await her.browser.post<Notification>(
      `/api/notifications/${first.notifications[0]!.id}/read`,
      {},
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ isRead: true, readAt: expect.any(String) });
    expect((await her.browser.get('/api/notifications/unread-count')).body).toEqual({ unread: 4 });
    expect((await listOf(her.browser, '?filter=unread')).notifications.map((n) => n.title)).toEqual(
      ['News 4', 'News 3', 'News 2', 'News 1'],
    );

    expect((await her.browser.post('/api/notifications/read-all', {})).body).toEqual({ marked: 4 });
    expect((await her.browser.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    expect((await listOf(her.browser, '?filter=unread')).notifications).toEqual([]);
    expect((await her.browser.get('/api/notifications?filter=new')).status).toBe(400);
    expect((await her.browser.get('/api/notifications?cursor=zzz')).status).toBe(400);
  });

  it('requires sign-in, and keeps another account’s notifications out of reach (404)', async () => {
    const her = await creator();
    const other = await creator();
    const mine = await server.services.notifications.notify(her.id, 'findings', {
      title: 'Private',
      body: 'p',
      dedupeKey: 'test:private',
    });
    expect((await other.browser.post(`/api/notifications/${mine!.id}/read`, {})).status).toBe(404);
    expect((await listOf(other.browser)).notifications).toEqual([]);
    expect((await other.browser.post('/api/notifications/read-all', {})).body).toEqual({
      marked: 0,
    });
    expect((await listOf(her.browser)).unread).toBe(1);

    const anonymous = new TestClient(server.url);
    for (const res of [
      await anonymous.get('/api/notifications'),
      await anonymous.get('/api/notifications/unread-count'),
      await anonymous.post(`/api/notifications/${mine!.id}/read`, {}),
      await anonymous.post('/api/notifications/read-all', {}),
      await anonymous.get('/api/notifications/email-preferences'),
      await anonymous.request('PUT', '/api/notifications/email-preferences', {}),
    ])
      expect(res.status).toBe(401);
  });

  it('are part of her data export', async () => {
    const her = await creator();
    await server.services.notifications.notify(her.id, 'findings', {
      title: 'Exported',
      body: 'e',
      dedupeKey: 'test:export',
    });
    await her.browser.request('PUT', '/api/notifications/email-preferences', {
      findings: false,
      removals: true,
      notice_responses: true,
      billing: true,
      scans: false,
      affiliate: false,
      community: true,
      support: true,
    });
    const res = await her.browser.get<{
      notifications: { title: string }[];
      notificationPreferences: { category: string; email: boolean }[];
    }>('/api/account/export');
    expect(res.body.notifications).toEqual([expect.objectContaining({ title: 'Exported' })]);
    expect(res.body.notificationPreferences).toEqual(
      expect.arrayContaining([expect.objectContaining({ category: 'community', email: true })]),
    );
  });
});
