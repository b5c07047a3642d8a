// Sign-in: the session secret, Google sign-in, and the limits on sign-in and mail-sending attempts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { nonNegativeInt, optionalString, positiveInt, type IsSet } from './values.ts';

export const authVariables = z.object({
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z
    .url({ message: 'must be an absolute URL' })
    .default('https://accounts.google.com'),
  AUTH_RATE_WINDOW_SECONDS: positiveInt(900),
  AUTH_RATE_MAX_PER_EMAIL: positiveInt(10),
  AUTH_RATE_MAX_PER_IP: positiveInt(100),
  AUTH_RATE_DELAY_BASE_MS: nonNegativeInt(1_000),
  AUTH_RATE_DELAY_MAX_MS: nonNegativeInt(10_000),
  AUTH_RATE_EMAIL_CHANGES_PER_HOUR: positiveInt(5),
});

export function authProblems(set: IsSet): string[] {
  const problems: string[] = [];
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    const missing = set('GOOGLE_CLIENT_ID') ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    problems.push(
      `${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all`,
    );
  }
  if (set('DATABASE_URL') && !set('AUTH_SECRET')) {
    problems.push(
      'AUTH_SECRET: is required with DATABASE_URL, so that every process signs sessions alike',
    );
  }
  return problems;
}

export function authConfig(env: z.infer<typeof authVariables>, dataDir: string) {
  return {
    authSecret: env.AUTH_SECRET ?? persistedSecret(dataDir),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : null,
    /**
     * Auth limits per window: per address (maxPerIp), per e-mail and address on sign-in and per e-mail on the
     * mail-sending endpoints (maxPerEmail), per user on password changes; past maxPerEmail attempts on one
     * e-mail, sign-in waits delayBaseMs doubling up to delayMaxMs. Address changes: emailChangesPerHour per user.
     */
    rateLimit: {
      windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
      maxPerEmail: env.AUTH_RATE_MAX_PER_EMAIL,
      maxPerIp: env.AUTH_RATE_MAX_PER_IP,
      delayBaseMs: env.AUTH_RATE_DELAY_BASE_MS,
      delayMaxMs: env.AUTH_RATE_DELAY_MAX_MS,
      emailChangesPerHour: env.AUTH_RATE_EMAIL_CHANGES_PER_HOUR,
    },
  };
}

/** The embedded default needs no set-up: a random secret is created once and kept with the data. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
