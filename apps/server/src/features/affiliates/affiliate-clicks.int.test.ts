// The public click counter of referral links under a script's attack: clicks are counted once per address
// (IPv6: per /64) and day whatever cookie or user agent comes along, and an unknown code is answered
// exactly as a known one. Addresses come from X-Forwarded-For, behind one trusted proxy.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

let lastOctet = 0;
/** A documentation address no other test of this server uses. */
const freshAddress = () => `198.51.100.${++lastOctet}`;

async function affiliateWithCode() {
  const { browser } = await signedInUser(server);
  const clicksOf = async () => (await browser.get<AffiliateOverview>('/api/affiliate')).body.clicks;
  const { code } = (await browser.get<AffiliateOverview>('/api/affiliate')).body;
  return { code, clicksOf };
}

/** A click as a script sends it: the exact answer, headers and all. */
async function rawClick(code: string, headers: Record<string, string>) {
  const response = await fetch(new URL('/api/referrals/clicks', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PROVIDER_HEADER]: 'shark', ...headers },
    body: JSON.stringify({ code }),
  });
  const entries = [...response.headers.entries()].filter(([name]) => name !== 'date');
  return { status: response.status, body: await response.text(), headers: entries };
}

describe('referral clicks', () => {
  it('counts 60 clicks from one address as one, with or without the cookie and whatever the user agent', async () => {
    const { code, clicksOf } = await affiliateWithCode();
    const address = freshAddress();
    const browser = new TestClient(server.url);
    for (let i = 0; i < 60; i++) {
      const agent = { 'user-agent': `script/${i}`, 'x-forwarded-for': address };
      const click =
        i % 3 === 0
          ? // A browser that keeps its cookie.
            await browser.post('/api/referrals/clicks', { code }, agent)
          : i % 3 === 1
            ? // A script that drops it.
              await new TestClient(server.url).post('/api/referrals/clicks', { code }, agent)
            : // A script that makes up a new one each time.
              await new TestClient(server.url).post(
                '/api/referrals/clicks',
                { code },
                {
                  ...agent,
                  cookie: `shark_visitor=${randomBytes(18).toString('base64url')}`,
                },
              );
      expect(click.status).toBe(204);
    }
    expect(await clicksOf()).toBe(1);

    // Another address is another visitor; addresses of one IPv6 /64 are one.
    await new TestClient(server.url).post(
      '/api/referrals/clicks',
      { code },
      {
        'x-forwarded-for': freshAddress(),
      },
    );
    expect(await clicksOf()).toBe(2);
    for (const address of ['2001:db8:5:7::1', '2001:db8:5:7:a:b:c:d', '2001:0db8:0005:0007::ffff'])
      await new TestClient(server.url).post(
        '/api/referrals/clicks',
        { code },
        {
          'x-forwarded-for': address,
        },
      );
    expect(await clicksOf()).toBe(3);
  });

  it('answers an unknown code exactly as a known one: status, body and headers, the cookie included', async () => {
    const { code, clicksOf } = await affiliateWithCode();
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': freshAddress() },
      { 'x-forwarded-for': freshAddress(), cookie: 'shark_visitor=ABCDEFGHIJKLMNOPQRSTUV' },
    ]) {
      const known = await rawClick(code, headers);
      const unknown = await rawClick('NOSUCHCD', headers);
      expect(known.status).toBe(204);
      expect(known.headers.map(([name]) => name)).toContain('set-cookie');
      expect(unknown).toEqual(known);
    }
    expect(await clicksOf()).toBe(2);
  });
});
