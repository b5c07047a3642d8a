import { describe, expect, it } from 'vitest';
import { createSubscriptionTokens } from './subscription-token.ts';

const tokens = createSubscriptionTokens({ secret: 'a'.repeat(40), lifetimeDays: 90 });
const T0 = new Date('2031-01-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('e-mail settings tokens', () => {
  it('verifies a token for its user until it expires, 90 days on', () => {
    const token = tokens.sign('user-1', T0);
    expect(tokens.verify(token, new Date(T0.getTime() + 89 * DAY))).toEqual({
      ok: true,
      userId: 'user-1',
      expiresAt: new Date(T0.getTime() + 90 * DAY),
    });
    expect(tokens.verify(token, new Date(T0.getTime() + 90 * DAY))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a tampered payload, a tampered signature, another secret and garbage', () => {
    const token = tokens.sign('user-1', T0);
    const [payload, signature] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ u: 'user-2', e: 4_000_000_000 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${forgedPayload}.${signature}`, T0)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(tokens.verify(`${payload}.${flipped}`, T0)).toEqual({ ok: false, reason: 'invalid' });
    const other = createSubscriptionTokens({ secret: 'b'.repeat(40), lifetimeDays: 90 });
    expect(other.verify(token, T0)).toEqual({ ok: false, reason: 'invalid' });
    for (const garbage of ['', 'abc', 'a.b.c', `${payload}.`, '.x'])
      expect(tokens.verify(garbage, T0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
