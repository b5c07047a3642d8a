// Mounts the auth library under /api/auth, with our validation, normalisation and rate limits in front.
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateProfileRequestSchema,
} from '@shark/contracts/auth.ts';
import {
  backupCodeSchema,
  totpCodeSchema,
  twoFactorPasswordSchema,
} from '@shark/contracts/two-factor.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { parseBody } from '#server/http/validation.ts';
import { CLIENT_IP_HEADER, emailChangeIn, type Auth } from './auth.ts';
import type { Config } from '#server/config/env.ts';
import { passwordProblem } from './password-strength.ts';
import type { RateLimiter, RateLimitKey } from './rate-limiter.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { indicatorFor } from './session-cookies.ts';

interface Guarded {
  schema: z.ZodType<Record<string, unknown> & { email?: string; name?: string }>;
  /** Bucket name for rate limits; endpoints that share one share the counters. */
  bucket: string;
  /** Also counted per e-mail: the endpoints that send mail, so that nobody floods one mailbox. */
  isLimitedPerEmail?: boolean;
  /** Also counted per signed-in user: its limit and window. */
  perUser?: (limits: RateLimits) => { max: number; windowSeconds?: number };
  /** The field holding a new password, which must not be easy to guess. */
  newPasswordField?: 'password' | 'newPassword';
}

type RateLimits = Config['rateLimit'];

const guarded: Record<string, Guarded> = {
  '/sign-up/email': {
    schema: signUpRequestSchema,
    bucket: 'sign-up',
    isLimitedPerEmail: true,
    newPasswordField: 'password',
  },
  // Sign-in has its own throttle (sign-in-throttle.ts): per address and per e-mail and address, never per e-mail alone.
  '/sign-in/email': { schema: signInRequestSchema, bucket: 'sign-in' },
  '/request-password-reset': {
    schema: passwordResetRequestSchema,
    bucket: 'reset',
    isLimitedPerEmail: true,
  },
  '/reset-password': {
    schema: resetPasswordRequestSchema,
    bucket: 'reset-password',
    newPasswordField: 'newPassword',
  },
  '/send-verification-email': {
    schema: sendVerificationRequestSchema,
    bucket: 'verification',
    isLimitedPerEmail: true,
  },
  // /account: the body is cut down to what the form may change.
  '/update-user': { schema: updateProfileRequestSchema, bucket: 'profile' },
  // Each request mails the address asked for: limited per user as well as per address.
  '/change-email': {
    schema: changeEmailRequestSchema,
    bucket: 'change-email',
    perUser: (limits) => ({ max: limits.emailChangesPerHour, windowSeconds: 60 * 60 }),
  },
  // Guessing the current password with a session that is not hers is limited per user.
  '/change-password': {
    schema: changePasswordRequestSchema,
    bucket: 'change-password',
    perUser: (limits) => ({ max: limits.maxPerEmail }),
    newPasswordField: 'newPassword',
  },
  // Codes are six digits: guesses are limited per address and per user (the library also locks the
  // second factor after repeated failures).
  '/two-factor/verify-totp': {
    schema: totpCodeSchema,
    bucket: 'two-factor',
    perUser: (limits) => ({ max: limits.maxPerEmail }),
  },
  '/two-factor/verify-backup-code': {
    schema: backupCodeSchema,
    bucket: 'two-factor',
    perUser: (limits) => ({ max: limits.maxPerEmail }),
  },
  '/two-factor/enable': {
    schema: twoFactorPasswordSchema,
    bucket: 'change-password',
    perUser: (limits) => ({ max: limits.maxPerEmail }),
  },
  '/two-factor/disable': {
    schema: twoFactorPasswordSchema,
    bucket: 'change-password',
    perUser: (limits) => ({ max: limits.maxPerEmail }),
  },
};

export function authRoutes(deps: {
  auth: Auth;
  limiter: RateLimiter;
  limits: RateLimits;
  secureCookies: boolean;
  signInThrottle: SignInThrottle;
  /** Tells the holder of an address that someone asked to move another account to it. */
  mailAddressTaken: (to: string, holder: { name: string }) => Promise<void>;
}) {
  const { auth, limiter, limits, secureCookies, signInThrottle, mailAddressTaken } = deps;
  const app = new Hono<AppEnv>();

  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const ip = c.get('clientIp');
    headers.set(CLIENT_IP_HEADER, ip);
    const subPath = c.req.path.replace(/^\/api\/auth/, '');
    let body: string | undefined;
    let signIn: { email: string } | null = null;

    if (c.req.method === 'POST') {
      const raw = await c.req.raw.text();
      const rule = guarded[subPath];
      if (rule) {
        const data = parseBody(rule.schema, raw);
        const user = rule.perUser ? (await auth.api.getSession({ headers }))?.user : undefined;
        if (subPath === '/sign-in/email' && data.email) {
          signIn = { email: data.email };
          await signInThrottle.before(data.email, ip);
        } else {
          const keys: RateLimitKey[] = [{ key: `${rule.bucket}:ip:${ip}`, max: limits.maxPerIp }];
          if (rule.isLimitedPerEmail && data.email)
            keys.push({ key: `${rule.bucket}:email:${data.email}`, max: limits.maxPerEmail });
          if (rule.perUser && user)
            keys.push({ key: `${rule.bucket}:user:${user.id}`, ...rule.perUser(limits) });
          await limiter.hit(keys);
        }
        if (rule.newPasswordField) {
          const about = user ?? { email: data.email, name: data.name };
          refuseWeakPassword(rule.newPasswordField, String(data[rule.newPasswordField]), about);
        }
        if (subPath === '/change-email' && user) {
          await noticeTakenAddress(auth, user, String(data.newEmail), mailAddressTaken);
        }
        body = JSON.stringify(data);
      } else {
        body = raw;
      }
    }

    if (c.req.method === 'GET' && subPath === '/verify-email')
      await refuseTakenNewAddress(auth, c.req.query('token'));

    const request = new Request(c.req.url, { method: c.req.method, headers, body });
    const response = await auth.handler(request);
    if (signIn) await signInThrottle.after(signIn.email, ip, response.ok);
    const indicator = indicatorFor(response.headers.getSetCookie(), secureCookies);
    if (indicator) response.headers.append('set-cookie', indicator);
    return normaliseError(response);
  });

  return app;
}

function refuseWeakPassword(
  field: string,
  password: string,
  about: { email?: string; name?: string | null },
): void {
  const problem = passwordProblem(password, about);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { [field]: problem } });
}

/**
 * A change to an address that already has an account is answered like any other (the auth library
 * answers it with the same 200 and mails nobody), so that nobody learns from it who has an account.
 * The holder of that address hears that someone asked, and that nothing changed. Her own address is
 * refused in words: that tells her nothing she does not know.
 */
async function noticeTakenAddress(
  auth: Auth,
  user: { id: string; email: string },
  newEmail: string,
  mailAddressTaken: (to: string, holder: { name: string }) => Promise<void>,
): Promise<void> {
  if (user.email.toLowerCase() === newEmail) {
    throw new AppError('VALIDATION_FAILED', 'This is already your e-mail address.', {
      fields: { newEmail: 'This is already your e-mail address.' },
    });
  }
  const context = await auth.$context;
  const holder = await context.internalAdapter.findUserByEmail(newEmail);
  if (holder && holder.user.id !== user.id) await mailAddressTaken(newEmail, holder.user);
}

/**
 * Between the request for a new address and the click on its link, someone else may have signed up
 * with that address. The change is refused in words instead of failing on the unique address.
 */
async function refuseTakenNewAddress(auth: Auth, token: string | undefined): Promise<void> {
  const change = token ? emailChangeIn(token) : null;
  if (!change) return;
  const context = await auth.$context;
  const holder = await context.internalAdapter.findUserByEmail(change.newEmail);
  if (holder && holder.user.id !== change.userId) {
    throw new AppError(
      'CONFLICT',
      `${change.newEmail} now belongs to another account, so your address was not changed. Your account still uses ${change.previousEmail}; you can ask for a change to another address on your Account page.`,
    );
  }
}

/** Messages people can act on, for the auth library's error codes the SPA shows. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The e-mail address or the password is not correct.',
  EMAIL_NOT_VERIFIED:
    'Please verify your e-mail address first. We have sent you a new verification link.',
  INVALID_TOKEN: 'This link is invalid or has already been used. Please request a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please request a new one.',
  USER_NOT_FOUND: 'This link is no longer valid. Please request a new one.',
  PASSWORD_TOO_SHORT: 'The password is too short.',
  PASSWORD_TOO_LONG: 'The password is too long.',
  INVALID_PASSWORD: 'The current password is not correct.',
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    'Your account has no password yet. Use "Set a password" to get a link by e-mail.',
  FAILED_TO_UNLINK_LAST_ACCOUNT:
    'This is your only way to sign in. Set a password before you disconnect it.',
  SESSION_NOT_FRESH: 'For your security, sign out and sign in again, then retry.',
  PROVIDER_NOT_FOUND: 'Sign-in with this provider is not available.',
};

/** Every error answer carries a code and a message a person can act on. */
async function normaliseError(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('json'))
    return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const code = body?.code ?? (response.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST');
  const message = MESSAGES[code] ?? body?.message ?? 'The request could not be completed.';
  if (body?.code === code && body.message === message) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ code, message }), { status: response.status, headers });
}
