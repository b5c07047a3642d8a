// The creator's data over HTTP: the export holds her records and nobody else's; deletion needs the
// confirmation and her password (or e-mail), removes her rows and stored files, cancels her running
// subscription at Stripe (the stand-in), signs her out — and leaves another creator untouched.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  type AccountDataInfo,
  type AccountExport,
} from '@shark/contracts/account-data.ts';
import type { ApiError } from '@shark/contracts/http.ts';
import type { User } from '@shark/contracts/user.ts';
import * as t from '@shark/db/schema.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { insertTakedown } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { type StripeStandIn } from '#server/features/billing/testing/stripe-stand-in.ts';
import {
  startBillingTestServer,
  type BillingTestServer,
} from '#server/features/billing/testing/billing-test-server.ts';

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

/** A signed-in creator with a record in every part of Shark, and files in storage. */
async function creatorWithData(tag: string) {
  const user = await signedInUser(server);
  const me = (await user.browser.get<User>('/api/user')).body;
  const userId = me.id;
  await db()
    .insert(t.searchTerm)
    .values({
      id: randomUUID(),
      userId,
      term: `term ${tag}`,
      normalizedTerm: `term ${tag}`,
      status: 'active',
      origin: 'creator',
    });
  await db()
    .insert(t.whitelistEntry)
    .values({
      id: randomUUID(),
      userId,
      kind: 'domain',
      input: `${tag}.example`,
      value: `${tag}.example`,
    });
  await db()
    .insert(t.protectedAccount)
    .values({
      id: randomUUID(),
      userId,
      platform: 'onlyfans',
      username: `user_${tag}`,
      normalizedUsername: `user_${tag}`,
      profileUrl: `https://onlyfans.com/user_${tag}`,
      verificationCode: 'code',
    });
  const fileId = `rf_${randomUUID()}`;
  const storageKey = `reference-files/${userId}/${fileId}`;
  const thumbnailKey = `reference-thumbnails/${userId}/${fileId}.jpg`;
  await server.services.storage.write(storageKey, Buffer.from(`photo of ${tag}`));
  await server.services.storage.write(thumbnailKey, Buffer.from(`thumbnail of ${tag}`));
  await db()
    .insert(t.referenceFile)
    .values({
      id: fileId,
      userId,
      originalName: `${tag}.jpg`,
      sizeBytes: 10,
      receivedBytes: 10,
      status: 'ready',
      storageKey,
      thumbnailKey,
    });
  const findingThumb = `findings/${userId}/${tag}.jpg`;
  await server.services.storage.write(findingThumb, Buffer.from('found'));
  const takedown = await insertTakedown(db(), {
    userId,
    pageUrl: `https://tube.example/${tag}`,
    finding: { thumbnailKey: findingThumb },
  });
  const noticeId = randomUUID();
  const pdfKey = `notices/${userId}/${noticeId}.pdf`;
  await server.services.storage.write(pdfKey, Buffer.from('%PDF'));
  await db()
    .insert(t.notice)
    .values({
      id: noticeId,
      userId,
      kind: 'dmca',
      role: 'site',
      recipientName: 'ClipTube',
      channelKind: 'email',
      address: 'dmca@cliptube.example',
      subject: `Notice for ${tag}`,
      textBody: 'text',
      htmlBody: '<p>html</p>',
      pdfKey,
    });
  await db().insert(t.noticeItem).values({ noticeId, takedownId: takedown.id, userId });
  await db()
    .insert(t.reportedUrl)
    .values({
      id: randomUUID(),
      userId,
      url: `https://forum.example/${tag}`,
      normalizedUrl: `forum.example/${tag}`,
      status: 'queued',
      ownershipConfirmedAt: new Date(),
    });
  await db()
    .insert(t.nameSighting)
    .values({
      id: randomUUID(),
      userId,
      site: `${tag}-studio.example`,
      pageUrl: `https://${tag}-studio.example/about`,
      normalizedUrl: `${tag}-studio.example/about`,
      pageTitle: `About ${tag} Studio`,
    });
  await db()
    .insert(t.faceEnrolment)
    .values({ userId, consentVersion: `consent-${tag}`, consentedAt: new Date() });
  const faceId = randomUUID();
  const faceKey = `likeness/${userId}/${faceId}.jpg`;
  await server.services.storage.write(faceKey, Buffer.from('face'));
  await db()
    .insert(t.enrolledFace)
    .values({
      id: faceId,
      userId,
      source: 'upload',
      embedding: new Uint8Array(512).fill(7),
      model: 'test-model',
      box: { x: 0.25, y: 0.2, width: 0.5, height: 0.5 },
      detectorScore: 0.98,
      cropKey: faceKey,
    });
  const offer = await server.services.offers.create({
    plan: 'plus',
    interval: 'monthly',
    currency: 'usd',
    price: 0,
    headline: `offer ${tag}`,
  });
  expect((await user.browser.post(`/api/custom-offers/${offer.id}/claim`)).status).toBe(200);
  return {
    ...user,
    userId,
    fileId,
    takedownId: takedown.id,
    keys: [storageKey, thumbnailKey, findingThumb, pdfKey, faceKey],
    offerId: offer.id,
  };
}

async function rowsOf(userId: string) {
  const count = (table: PgTable, owner: PgColumn) => db().$count(table, eq(owner, userId));
  return {
    user: await count(t.user, t.user.id),
    searchTerms: await count(t.searchTerm, t.searchTerm.userId),
    whitelist: await count(t.whitelistEntry, t.whitelistEntry.userId),
    referenceFiles: await count(t.referenceFile, t.referenceFile.userId),
    findings: await count(t.finding, t.finding.userId),
    nameSightings: await count(t.nameSighting, t.nameSighting.userId),
    enrolledFaces: await count(t.enrolledFace, t.enrolledFace.userId),
    takedowns: await count(t.takedown, t.takedown.userId),
    notices: await count(t.notice, t.notice.userId),
    reports: await count(t.reportedUrl, t.reportedUrl.userId),
    claims: await count(t.customOfferClaim, t.customOfferClaim.userId),
    sessions: await count(t.session, t.session.userId),
  };
}

const remove = (browser: TestClient, body: unknown) =>
  browser.request<ApiError & { deleted?: true; isSubscriptionCancelled?: boolean }>(
    'DELETE',
    '/api/account',
    body,
  );

describe('GET /api/account/export', () => {
  it('downloads every record of hers as JSON, and none of another creator’s', async () => {
    const her = await creatorWithData('alice');
    const other = await creatorWithData('bob');
    const res = await her.browser.get<AccountExport>('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = res.body;
    expect(data).toMatchObject({
      format: 'shark-account-export',
      version: 1,
      profile: { id: her.userId, email: her.email },
    });
    expect(data.searchTerms).toEqual([expect.objectContaining({ term: 'term alice' })]);
    expect(data.whitelist).toEqual([expect.objectContaining({ value: 'alice.example' })]);
    expect(data.protectedAccounts).toEqual([expect.objectContaining({ username: 'user_alice' })]);
    expect(data.referenceFiles).toEqual([
      expect.objectContaining({ id: her.fileId, originalName: 'alice.jpg' }),
    ]);
    expect(data.findings).toEqual([
      expect.objectContaining({ pageUrl: 'https://tube.example/alice' }),
    ]);
    expect(data.nameSightings).toEqual([
      expect.objectContaining({ pageUrl: 'https://alice-studio.example/about' }),
    ]);
    expect(data.faceEnrolment).toEqual([
      expect.objectContaining({ consentVersion: 'consent-alice' }),
    ]);
    expect(data.enrolledFaces).toEqual([
      expect.objectContaining({
        source: 'upload',
        box: { x: 0.25, y: 0.2, width: 0.5, height: 0.5 },
        createdAt: expect.any(String),
      }),
    ]);
    // Which faces are enrolled, never the embeddings themselves nor the crops' storage keys.
    expect(data.enrolledFaces![0]).not.toHaveProperty('embedding');
    expect(data.enrolledFaces![0]).not.toHaveProperty('cropKey');
    expect(data.takedowns).toEqual([expect.objectContaining({ id: her.takedownId })]);
    expect(data.takedownEvents!.length).toBeGreaterThan(0);
    expect(data.takedownRecipients).toHaveLength(3);
    expect(data.notices).toEqual([expect.objectContaining({ subject: 'Notice for alice' })]);
    expect(data.noticeItems).toEqual([expect.objectContaining({ takedownId: her.takedownId })]);
    expect(data.reportedUrls).toEqual([
      expect.objectContaining({ url: 'https://forum.example/alice' }),
    ]);
    expect(data.offerClaims).toEqual([
      expect.objectContaining({ offerId: her.offerId, headline: 'offer alice', plan: 'plus' }),
    ]);
    expect(data.accountState).toEqual([
      expect.objectContaining({ status: 'subscribed', plan: 'plus' }),
    ]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.billingSubscriptions).toEqual([]);
    // No secrets: neither the password hash nor session tokens.
    expect(data.signInMethods![0]).not.toHaveProperty('password');
    expect(data.sessions!.length).toBeGreaterThan(0);
    expect(data.sessions![0]).not.toHaveProperty('token');
    // Nothing of Bob's.
    const text = JSON.stringify(data);
    for (const value of [
      other.userId,
      other.email,
      'term bob',
      'user_bob',
      'bob.example',
      'bob-studio.example',
      other.takedownId,
      other.offerId,
    ])
      expect(text).not.toContain(value);
  });

  it('requires sign-in', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/account/export')).status).toBe(401);
    expect((await anonymous.get('/api/account/data')).status).toBe(401);
    expect(
      (await remove(anonymous, { confirmation: DELETE_ACCOUNT_CONFIRMATION, password: 'x' }))
        .status,
    ).toBe(401);
    const doc = await new TestClient(server.url, null).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/account', '/account/data', '/account/export']),
    );
  });
});

describe('GET /api/account/archive', () => {
  it('downloads one ZIP: the JSON document, her uploaded content and her notices, and nothing of another creator’s', async () => {
    const her = await creatorWithData('carol');
    const other = await creatorWithData('dave');
    // A file the storage lost is named in files.json instead of failing the whole download.
    const lostId = `rf_${randomUUID()}`;
    await db()
      .insert(t.referenceFile)
      .values({
        id: lostId,
        userId: her.userId,
        originalName: 'lost/../name.jpg',
        sizeBytes: 5,
        receivedBytes: 5,
        status: 'ready',
        storageKey: `reference-files/${her.userId}/${lostId}`,
      });

    const res = await her.browser.download('/api/account/archive');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(res.bytes);
    const text = (name: string) => strFromU8(files[name]!);

    const data = JSON.parse(text('data.json')) as AccountExport;
    expect(data).toMatchObject({ format: 'shark-account-export', profile: { id: her.userId } });
    expect(text(`content/${her.fileId}-carol.jpg`)).toBe('photo of carol');
    const noticePaths = Object.keys(files).filter((name) => name.startsWith('notices/'));
    expect(noticePaths).toHaveLength(1);
    expect(text(noticePaths[0]!)).toBe('%PDF');

    const manifest = JSON.parse(text('files.json')) as {
      files: { path: string | null; id: string; name: string; missing?: true }[];
    };
    expect(manifest.files).toEqual(
      expect.arrayContaining([
        {
          path: `content/${her.fileId}-carol.jpg`,
          kind: 'content',
          id: her.fileId,
          name: 'carol.jpg',
        },
        { path: null, kind: 'content', id: lostId, name: 'lost/../name.jpg', missing: true },
      ]),
    );
    // Paths never climb out of the archive's folders.
    expect(Object.keys(files).every((name) => !name.includes('..') && !name.startsWith('/'))).toBe(
      true,
    );
    // Nothing of Dave's.
    expect(Object.keys(files).some((name) => name.includes(other.fileId))).toBe(false);
    expect(text('data.json')).not.toContain(other.userId);
  });

  it('requires sign-in', async () => {
    expect((await new TestClient(server.url).download('/api/account/archive')).status).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong or missing confirmation or password with 400, deleting nothing', async () => {
    const her = await creatorWithData('carol');
    expect((await her.browser.get<AccountDataInfo>('/api/account/data')).body).toEqual({
      confirmWith: 'password',
      confirmationText: DELETE_ACCOUNT_CONFIRMATION,
    });
    const wrongText = await remove(her.browser, { confirmation: 'delete', password: her.password });
    expect(wrongText.status).toBe(400);
    expect(wrongText.body.message).toBe(`Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm.`);
    const wrongPassword = await remove(her.browser, {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      password: 'not her password',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe('The password is not right.');
    expect((await remove(her.browser, { confirmation: DELETE_ACCOUNT_CONFIRMATION })).status).toBe(
      400,
    );
    expect((await remove(her.browser, {})).status).toBe(400);
    expect(await rowsOf(her.userId)).toMatchObject({ user: 1, takedowns: 1, referenceFiles: 1 });
    for (const key of her.keys) expect(await server.services.storage.exists(key)).toBe(true);
  });

  it('deletes her rows and stored files, signs her out, and leaves another creator untouched', async () => {
    const her = await creatorWithData('dana');
    const other = await creatorWithData('erin');
    const before = await rowsOf(other.userId);
    const res = await remove(her.browser, {
      confirmation: 'Delete my account',
      password: her.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, isSubscriptionCancelled: false });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);

    expect(await rowsOf(her.userId)).toEqual({
      user: 0,
      searchTerms: 0,
      whitelist: 0,
      referenceFiles: 0,
      findings: 0,
      nameSightings: 0,
      enrolledFaces: 0,
      takedowns: 0,
      notices: 0,
      reports: 0,
      claims: 0,
      sessions: 0,
    });
    for (const key of her.keys) expect(await server.services.storage.exists(key)).toBe(false);
    expect((await her.browser.get('/api/user')).status).toBe(401);
    const signIn = await new TestClient(server.url).post('/api/auth/sign-in/email', {
      email: her.email,
      password: her.password,
    });
    expect(signIn.status).toBe(401);

    expect(await rowsOf(other.userId)).toEqual(before);
    for (const key of other.keys) expect(await server.services.storage.exists(key)).toBe(true);
    expect((await other.browser.get<User>('/api/user')).body.email).toBe(other.email);
  });

  it('a creator who signs in with Google only confirms with her e-mail address', async () => {
    const her = await signedInUser(server);
    const me = (await her.browser.get<User>('/api/user')).body;
    // As after a Google sign-up: no password on the account.
    await db()
      .update(t.account)
      .set({ providerId: 'google', password: null })
      .where(eq(t.account.userId, me.id));
    expect((await her.browser.get<AccountDataInfo>('/api/account/data')).body.confirmWith).toBe(
      'email',
    );
    const wrong = await remove(her.browser, {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      email: 'someone@example.com',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/e-mail address/);
    const res = await remove(her.browser, {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      email: her.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(me.id)).user).toBe(0);
  });

  it('cancels her running subscription at Stripe with immediate effect', async () => {
    const her = await signedInUser(server);
    const checkout = await her.browser.post<{ url: string }>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'usd',
    });
    const { subscriptionId } = stripe.payCheckout(checkout.body.url.split('/').at(-1)!);
    await stripe.flush();
    expect((await her.browser.get<User>('/api/user')).body.frontendStatus).toBe('subscribed');
    const calls = stripe.calls.length;
    const res = await remove(her.browser, {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      password: her.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.isSubscriptionCancelled).toBe(true);
    expect(stripe.calls.slice(calls)).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(stripe.subscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    // Stripe's "deleted" event for the gone account is answered and changes nothing.
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200]);
  });
});
