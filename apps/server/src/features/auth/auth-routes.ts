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
import type { AppEnv } from '../../http/app-env.ts';
import { AppError } from '../../http/app-error.ts';
import { parseBody } from '../../http/validation.ts';
import { CLIENT_IP_HEADER, emailChangeIn, type Auth } from './auth.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { indicatorFor } from './session-cookies.ts';

interface Guarded {
  schema: z.ZodType<Record<string, unknown> & { email?: string }>;
  /** Bucket name for rate limits; endpoints that share one share the counters. */
  bucket: string;
}

const guarded: Record<string, Guarded> = {
  '/sign-up/email': { schema: signUpRequestSchema, bucket: 'sign-up' },
  '/sign-in/email': { schema: signInRequestSchema, bucket: 'sign-in' },
  '/request-password-reset': { schema: passwordResetRequestSchema, bucket: 'reset' },
  '/reset-password': { schema: resetPasswordRequestSchema, bucket: 'reset-password' },
  '/send-verification-email': { schema: sendVerificationRequestSchema, bucket: 'verification' },
  // /account: the body is cut down to what the form may change, and guessing the current password is limited.
  '/update-user': { schema: updateProfileRequestSchema, bucket: 'profile' },
  '/change-email': { schema: changeEmailRequestSchema, bucket: 'change-email' },
  '/change-password': { schema: changePasswordRequestSchema, bucket: 'change-password' },
};

export function authRoutes(deps: {
  auth: Auth;
  limiter: RateLimiter;
  limits: { maxPerEmail: number; maxPerIp: number };
  secureCookies: boolean;
}) {
  const { auth, limiter, limits, secureCookies } = deps;
  const app = new Hono<AppEnv>();

  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const subPath = c.req.path.replace(/^\/api\/auth/, '');
    let body: string | undefined;

    if (c.req.method === 'POST') {
      const raw = await c.req.raw.text();
      const rule = guarded[subPath];
      if (rule) {
        const data = parseBody(rule.schema, raw);
        const keys = [{ key: `${rule.bucket}:ip:${c.get('clientIp')}`, max: limits.maxPerIp }];
        if (data.email) keys.push({ key: `${rule.bucket}:email:${data.email}`, max: limits.maxPerEmail });
        await limiter.hit(keys);
        if (subPath === '/change-email') await refuseTakenAddress(auth, headers, String(data.newEmail));
        body = JSON.stringify(data);
      } else {
        body = raw;
      }
    }

    if (c.req.method === 'GET' && subPath === '/verify-email') await refuseTakenNewAddress(auth, c.req.query('token'));

    const request = new Request(c.req.url, { method: c.req.method, headers, body });
    const response = await auth.handler(request);
    const indicator = indicatorFor(response.headers.getSetCookie(), secureCookies);
    if (indicator) response.headers.append('set-cookie', indicator);
    return normaliseError(response);
  });

  return app;
}

/**
 * The auth library answers a change to an address that already has an account like any other (to hide
 * who has one) and mails nobody; the signed-in owner would wait for a link that never comes. She is told
 * instead. Only for a signed-in caller: a signed-out one gets the library's 401.
 */
async function refuseTakenAddress(auth: Auth, headers: Headers, newEmail: string): Promise<void> {
  const session = await auth.api.getSession({ headers });
  if (!session) return;
  if (session.user.email.toLowerCase() === newEmail) {
    throw new AppError('VALIDATION_FAILED', 'This is already your e-mail address.', {
      fields: { newEmail: 'This is already your e-mail address.' },
    });
  }
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(newEmail)) {
    const message = 'This e-mail address belongs to another account. Use a different one.';
    throw new AppError('CONFLICT', message, { fields: { newEmail: message } });
  }
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
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address first. We have sent you a new verification link.',
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
  if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  const code = body?.code ?? (response.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST');
  const message = MESSAGES[code] ?? body?.message ?? 'The request could not be completed.';
  if (body?.code === code && body.message === message) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ code, message }), { status: response.status, headers });
}
