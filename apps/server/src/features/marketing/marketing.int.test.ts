// Marketing through the real server: Social Share texts within each network's limit with her badge's
// verification link (or the brand's site, and why, without one), share images that are PNGs of each
// network size in the brand asked for, and the welcome package with its branded PDF — each user's own.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBadge } from '@shark/contracts/dmca-badges.ts';
import type { ApiError } from '@shark/contracts/http.ts';
import {
  SHARE_IMAGE_SIZES,
  SHARE_NETWORKS,
  type SocialShare,
  type WelcomePackage,
} from '@shark/contracts/marketing.ts';
import { readBackPdf, squashSpace } from '@shark/engine/pdf/test-poppler.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;

/** A download as a plain link makes it: no provider header, the session cookie, the brand in ?provider=. */
async function download(client: TestClient, path: string) {
  const response = await fetch(new URL(path, server.url), {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function subscribedUser() {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'plus' });
  return user;
}

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('who may use Marketing', () => {
  it('asks for sign-in on every endpoint', async () => {
    const anonymous = new TestClient(server.url);
    for (const path of [
      '/api/marketing/social-share',
      '/api/marketing/social-share/images/square.png',
      '/api/marketing/welcome-package',
      '/api/marketing/welcome-package.pdf',
    ]) {
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = await new TestClient(server.url, null).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/marketing/social-share',
        '/marketing/social-share/images/{file}',
        '/marketing/welcome-package',
        '/marketing/welcome-package.pdf',
      ]),
    );
  });
});

describe('Social Share texts', () => {
  it('links her badge once she has one and a plan, within every network’s limit', async () => {
    const user = await subscribedUser();
    const before = await user.browser.get<SocialShare>('/api/marketing/social-share');
    expect(before.status).toBe(200);
    expect(before.body.badge).toEqual({ state: 'not_created', publicId: null, verifyUrl: null });
    expect(before.body.posts[0]!.text).toContain(`How it works: ${before.body.brandUrl}`);

    const badge = await user.browser.get<MyBadge>('/api/badges/mine');
    const share = await user.browser.get<SocialShare>('/api/marketing/social-share');
    expect(share.body.brandName).toBe('Shark');
    expect(share.body.badge).toEqual({
      state: 'ready',
      publicId: badge.body.publicId,
      verifyUrl: badge.body.verifyUrl,
    });
    expect(new Set(share.body.posts.map((p) => p.network))).toEqual(new Set(SHARE_NETWORKS));
    for (const post of share.body.posts) {
      expect(post.text).toContain(`Verify my protection: ${badge.body.verifyUrl}`);
      expect(post.text).toMatch(/protected by Shark|Shark protects my work/);
      expect(post.length, post.id).toBeLessThanOrEqual(post.maxLength);
    }
    expect(share.body.posts.find((p) => p.network === 'x')!.maxLength).toBe(280);
    expect(share.body.images.map((i) => [i.format, i.width, i.height])).toEqual([
      ['square', 1080, 1080],
      ['landscape', 1200, 630],
      ['story', 1080, 1920],
    ]);

    // Another account sees its own state, never her badge.
    const other = await subscribedUser();
    const theirs = await other.browser.get<SocialShare>('/api/marketing/social-share');
    expect(theirs.body.badge.state).toBe('not_created');
    expect(JSON.stringify(theirs.body)).not.toContain(badge.body.publicId);
  });

  it('does not link a badge that would not confirm protection (no plan)', async () => {
    const user = await signedInUser(server);
    await user.browser.get('/api/badges/mine');
    const share = await user.browser.get<SocialShare>('/api/marketing/social-share');
    expect(share.body.badge).toMatchObject({ state: 'not_protected', verifyUrl: null });
    expect(share.body.posts.every((p) => !p.text.includes('/verified/'))).toBe(true);
  });

  it('speaks in the brand of the request', async () => {
    const user = await signedInUser(server);
    const lumen = new TestClient(server.url, 'lumen');
    for (const [name, value] of user.browser.cookies) lumen.cookies.set(name, value);
    const share = await lumen.get<SocialShare>('/api/marketing/social-share');
    expect(share.body.brandName).toBe('Lumen Guard');
    expect(share.body.posts[0]!.text).toContain('#LumenGuardProtected');
  });
});

describe('Social Share images', () => {
  it('is a PNG of each network size, downloaded as a file', async () => {
    const user = await subscribedUser();
    await user.browser.get('/api/badges/mine');
    for (const [format, size] of Object.entries(SHARE_IMAGE_SIZES)) {
      const { response, bytes } = await download(
        user.browser,
        `/api/marketing/social-share/images/${format}.png?provider=shark`,
      );
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="shark-protected-${format}-${size.width}x${size.height}.png"`,
      );
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'png', width: size.width, height: size.height });
      // Drawn in the brand's colours: the top-left corner is the theme's light colour (#2b7fff).
      const { data } = await sharp(bytes)
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.abs(data[0]! - 0x2b)).toBeLessThan(24);
      expect(Math.abs(data[2]! - 0xff)).toBeLessThan(24);
    }
  });

  it('names the brand of ?provider=, and refuses an unknown format or provider', async () => {
    const user = await signedInUser(server);
    const lumen = await download(
      user.browser,
      '/api/marketing/social-share/images/story.png?provider=lumen',
    );
    expect(lumen.response.status).toBe(200);
    expect(lumen.response.headers.get('content-disposition')).toContain(
      'lumen-guard-protected-story',
    );
    const unknownFormat = await user.browser.get<ApiError>(
      '/api/marketing/social-share/images/banner.png',
    );
    expect(unknownFormat.status).toBe(400);
    const unknownBrand = await user.browser.get<ApiError>(
      '/api/marketing/social-share/images/square.png?provider=nobody',
    );
    expect(unknownBrand.status).toBe(400);
    expect(unknownBrand.body.code).toBe('UNKNOWN_PROVIDER');
  });
});

describe('the welcome package', () => {
  it('says what her plan protects, where her set-up stands and what to do next', async () => {
    const user = await subscribedUser();
    const entitled = await server.services.entitlements.of(
      (await server.services.accounts.showByEmail(user.email)).id,
    );
    await server.services.searchTerms.add(entitled, { term: 'mia vale leaks', sources: [] });
    const welcome = await user.browser.get<WelcomePackage>('/api/marketing/welcome-package');
    expect(welcome.status).toBe(200);
    expect(welcome.body.plan).toMatchObject({
      status: 'subscribed',
      tier: 'plus',
      tierName: 'Plus',
    });
    expect(welcome.body.plan.includes).toEqual(
      expect.arrayContaining(['5 usernames', '30 search terms']),
    );
    expect(welcome.body.setup).toMatchObject({
      usernames: 0,
      usernamesLimit: 5,
      searchTerms: 1,
      referenceFiles: 0,
      isAuthorizationSigned: false,
      takedowns: 0,
    });
    const done = Object.fromEntries(welcome.body.checklist.map((item) => [item.step, item.isDone]));
    expect(done).toEqual({
      plan: true,
      accounts: false,
      content: false,
      searchTerms: true,
      authorization: false,
      badge: false,
    });
    expect(welcome.body.checklist.find((i) => i.step === 'authorization')!.href).toBe(
      '/account#agent-authorization',
    );
  });

  it('tells a user without a plan to choose one', async () => {
    const user = await signedInUser(server);
    const welcome = await user.browser.get<WelcomePackage>('/api/marketing/welcome-package');
    expect(welcome.body.plan).toMatchObject({ status: 'free', tier: 'free' });
    expect(welcome.body.plan.includes).toEqual([
      'Nothing yet: choose a plan to protect your content.',
    ]);
    expect(welcome.body.checklist[0]).toMatchObject({
      step: 'plan',
      isDone: false,
      action: 'Choose a plan',
    });
  });

  it('downloads as a branded PDF with her badge and first steps', async () => {
    const user = await subscribedUser();
    const badge = await user.browser.get<MyBadge>('/api/badges/mine');
    const { response, bytes } = await download(
      user.browser,
      '/api/marketing/welcome-package.pdf?provider=shark',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="shark-welcome-package.pdf"',
    );
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = readBackPdf(bytes);
    expect(pdf.title).toBe('Shark welcome package');
    const text = squashSpace(pdf.text);
    for (const expected of [
      'Welcome,TestUser',
      'Whatyourplanprotects',
      'Yourplan:Plus.',
      'Yourset-up',
      'Signyouragentauthorisation',
      badge.body.verifyUrl,
    ]) {
      expect(text).toContain(squashSpace(expected));
    }
  });
});
