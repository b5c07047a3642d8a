import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { clientIp } from './client-ip.ts';

/** What clientIp answers for a request with this X-Forwarded-For (in-process: no socket, so the peer is 'unknown'). */
async function seen(proxyHops: number, forwardedFor?: string): Promise<string> {
  const app = new Hono<AppEnv>().get('/', (c) => c.text(clientIp(c, proxyHops)));
  const response = await app.request('/', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.text();
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await seen(0, '203.0.113.7')).toBe('unknown');
  });

  it('takes the hop the trusted proxy appended, not what the client put in front of it', async () => {
    expect(await seen(1, '203.0.113.7, 127.0.0.1')).toBe('127.0.0.1');
    expect(await seen(1, '198.51.100.2')).toBe('198.51.100.2');
  });

  it('counts hops from the right with more proxies', async () => {
    expect(await seen(2, '203.0.113.7, 198.51.100.2, 10.0.0.1')).toBe('198.51.100.2');
  });

  it('falls back to the socket peer when the header is short, missing or not an address', async () => {
    expect(await seen(2, '198.51.100.2')).toBe('unknown');
    expect(await seen(1)).toBe('unknown');
    expect(await seen(1, 'not-an-address')).toBe('unknown');
    expect(await seen(1, '2130706433')).toBe('unknown');
    expect(await seen(1, '203.0.113.7, ')).toBe('unknown');
  });

  it('writes one address one way', async () => {
    expect(await seen(1, '::ffff:198.51.100.2')).toBe('198.51.100.2');
    expect(await seen(1, '2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
  });
});
