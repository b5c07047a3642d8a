// Stateless signed tokens: JSON claims in base64url and an HMAC-SHA256 of them, with a key derived
// from a secret and a purpose (so tokens of one purpose are never accepted for another). Changing
// the secret voids every token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

export interface SignedClaims<T> {
  sign(claims: T): string;
  /** The claims, or null for a malformed or forged token, or claims the schema refuses. */
  read(token: string): T | null;
}

export function createSignedClaims<T>(
  secret: string,
  purpose: string,
  schema: z.ZodType<T>,
): SignedClaims<T> {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    read(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      // The signature is checked before the payload is read: a forged payload is never parsed.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return schema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}
