// The token of an e-mail settings link (/email-settings/subscription/{token}): it stands in for a
// session on that one page, so it is bound to one user, signed with a key derived from AUTH_SECRET
// (HMAC-SHA256) and expires (EMAIL_SETTINGS_LINK_DAYS, 90 days by default). Nothing is stored: a link
// in an old e-mail works until it expires, and changing AUTH_SECRET voids every link.
import { z } from 'zod';
import { createSignedClaims } from '#server/http/signed-claims.ts';

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
  const tokens = createSignedClaims(options.secret, PURPOSE, claimsSchema);
  const lifetimeSeconds = options.lifetimeDays * 24 * 3600;

  return {
    sign(userId, now = new Date()) {
      return tokens.sign({ u: userId, e: Math.floor(now.getTime() / 1000) + lifetimeSeconds });
    },
    verify(token, now = new Date()) {
      const claims = tokens.read(token);
      if (!claims) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(claims.e * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: claims.u, expiresAt };
    },
  };
}
