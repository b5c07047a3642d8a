// Mounts the auth library under /api/auth, with our validation, normalisation and rate limits in front.
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@shark/contracts/auth.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { parseBody } from '../../http/validation.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
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
        body = JSON.stringify(data);
      } else {
        body = raw;
      }
    }

    const request = new Request(c.req.url, { method: c.req.method, headers, body });
    const response = await auth.handler(request);
    const indicator = indicatorFor(response.headers.getSetCookie(), secureCookies);
    if (indicator) response.headers.append('set-cookie', indicator);
    return normaliseError(response);
  });

  return app;
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
