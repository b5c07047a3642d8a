// The token of an e-mail settings link (/email-settings/subscription/{token}): it stands in for a
// session on that one page, so it is bound to one user, signed with a key derived from AUTH_SECRET
// (HMAC-SHA256) and expires (EMAIL_SETTINGS_LINK_DAYS, 90 days by default). Nothing is stored: a link
// in an old e-mail works until it expires, and changing AUTH_SECRET voids every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Keeps these signatures apart from anything else signed with the same secret. */
const PURPOSE = 'shark:email-settings:v1';

const claimsSchema = z.object({
  /** The user. */
  u: z.string().min(1).max(200),
  /** Expiry, in seconds since the epoch. */
  e: z.number().int().positive(),
});

export type TokenCheck =
  { ok: true; userId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export interface SubscriptionTokens {
  sign(userId: string, now?: Date): string;
  verify(token: string, now?: Date): TokenCheck;
}

export function createSubscriptionTokens(options: {
  secret: string;
  lifetimeDays: number;
}): SubscriptionTokens {
  const key = createHmac('sha256', options.secret).update(PURPOSE).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const lifetimeSeconds = options.lifetimeDays * 24 * 3600;

  return {
    sign(userId, now = new Date()) {
      const claims = { u: userId, e: Math.floor(now.getTime() / 1000) + lifetimeSeconds };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      // The signature is checked before the payload is read: a forged payload is never parsed.
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: z.infer<typeof claimsSchema>;
      try {
        claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const expiresAt = new Date(claims.e * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: claims.u, expiresAt };
    },
  };
}
