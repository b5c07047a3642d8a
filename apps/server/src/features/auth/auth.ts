// Better Auth, configured for Shark: e-mail + password with verification, reset, Google via OpenID Connect.
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { getOAuthState } from 'better-auth/api';
import { z } from 'zod';
import type { Database } from '@shark/db/client.ts';
import * as schema from '@shark/db/schema.ts';
import { AUTH_COOKIE_PREFIX } from '@shark/contracts/http.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  referralCodeSchema,
} from '@shark/contracts/auth.ts';
import type { Config } from '#server/config/env.ts';
import { brandAppUrl, type BrandConfig, type BrandRegistry } from '#server/config/brands.ts';
import type { Logger } from '#server/http/logger.ts';
import { currentBrand } from '#server/http/request-context.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import {
  addressTakenMail,
  changeEmailMail,
  emailChangedNoticeMail,
  existingAccountMail,
  resetPasswordMail,
  verificationMail,
} from './auth-mails.ts';
import type { SessionRevocations } from './session-revocations.ts';

/** Header our HTTP layer sets (overwriting any client value) with the caller's address. */
export const CLIENT_IP_HEADER = 'x-shark-client-ip';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** How long a browser's signed copy of its session is believed without reading the session row. */
export const SESSION_CACHE_SECONDS = 60;
const SESSION_CACHE_ENABLED = false;
/** How old a process's copy of the other processes' revocations may be when it believes a cached copy. */
export const REVOCATION_STALENESS_MS = 1_000;
/** The cached copy's version while its session stands; any other value sends the request to the database. */
const SESSION_CACHE_VERSION = '1';

/**
 * Whether a verification token the library just made is for a change of address. Sign-up verification
 * and address changes both go through sendVerificationEmail; the token is a JWT (its signature is
 * checked when the link is used), and a change's carries requestType and the address it replaces.
 */
const emailChangeClaims = z.object({
  requestType: z.literal('change-email-verification'),
  email: z.string(),
  updateTo: z.string(),
  userId: z.string(),
});
export interface EmailChange {
  previousEmail: string;
  newEmail: string;
  userId: string;
}
/** Reads an address change from a verification token; the signature is the library's to check. */
export function emailChangeIn(token: string): EmailChange | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    const claims = emailChangeClaims.safeParse(payload);
    return claims.success
      ? {
          previousEmail: claims.data.email,
          newEmail: claims.data.updateTo,
          userId: claims.data.userId,
        }
      : null;
  } catch {
    return null;
  }
}

/** What the sign-up form sends along a Google sign-up (OAuth `additionalData`): the user's own choices. */
const oauthSignUpChoices = z.object({
  isAffiliateOnly: z.boolean().optional().catch(undefined),
  referralCode: referralCodeSchema.optional().catch(undefined),
});

export interface AuthDeps {
  config: Config;
  db: Database;
  brands: BrandRegistry;
  mailer: Mailer;
  logger: Logger;
  /** Sessions deleted lately: a cached session cookie naming one is not believed. */
  sessionRevocations: SessionRevocations;
  /** After a user is created (e-mail or Google sign-up), with the request's headers: the affiliate tie. */
  onUserCreated?: (
    user: { id: string; email: string; referralCode: string | null },
    headers: Headers | null,
  ) => Promise<void>;
}

export function createAuth({
  config,
  db,
  brands,
  mailer,
  logger,
  sessionRevocations,
  onUserCreated,
}: AuthDeps) {
  const defaultBrand = brands.all()[0];
  if (!defaultBrand) throw new Error('No brand configured');
  // Mail goes out in the brand the request came in with; outside a request, the first brand.
  const brand = (): BrandConfig => currentBrand() ?? defaultBrand;
  const appUrl = (b: BrandConfig) => brandAppUrl(b, config.publicUrl);

  const send = async (
    to: string,
    mail: { subject: string; text: string; html: string },
    b: BrandConfig,
  ) => {
    await mailer.send({ from: b.mailFrom, to, ...mail });
  };

  return betterAuth({
    appName: defaultBrand.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    trustedOrigins: [
      config.publicUrl,
      ...brands.all().flatMap((b) => (b.appUrl ? [b.appUrl] : [])),
    ],
    session: {
      // A signed copy of the session and its user in a cookie spares the session lookup on most
      // requests. A copy of a deleted session (sign-out, revocation, password reset, two-factor change,
      // deleted account) gets a version that matches nothing, so the library reads the row, finds it
      // gone and answers as signed out: docs/decisions/0029-session-cookie-cache.md.
      // Off for now: the copy also carries her user row (affiliate-only, e-mail verified, name), and a
      // change to it made by staff, the CLI or another request would not be seen for up to
      // SESSION_CACHE_SECONDS. Deleted sessions are recorded (the revocation log); changed users are not
      // yet, so every request reads the session row, as before.
      cookieCache: {
        enabled: SESSION_CACHE_ENABLED,
        maxAge: SESSION_CACHE_SECONDS,
        strategy: 'compact',
        version: async (session) =>
          (await sessionRevocations.isRevoked(session.id)) ? randomUUID() : SESSION_CACHE_VERSION,
      },
    },
    // Our own limiter (database-backed, per address and per e-mail) sits in front of these routes.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session is read with its user in one statement (the schema's auth relations), not two.
      database: { joins: true },
    },
    logger: {
      level: config.logLevel === 'debug' ? 'debug' : 'warn',
      log: (level, message) => {
        const at = level;
        logger[at](`auth: ${message}`);
      },
    },
    user: {
      additionalFields: {
        isAffiliateOnly: { type: 'boolean', required: false, defaultValue: false, input: true },
        referralCode: { type: 'string', required: false, input: true },
      },
      // /account: the link goes to the new address (through sendVerificationEmail below) and the address
      // changes only when it is opened; no step through the old address.
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-in waits for a verified address: see docs/decisions/0002-sign-in-waits-for-verification.md.
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const b = brand();
        await send(
          user.email,
          resetPasswordMail(b, user, `${appUrl(b)}/reset/${encodeURIComponent(token)}`),
          b,
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        const b = brand();
        await send(
          user.email,
          existingAccountMail(b, user, {
            signIn: `${appUrl(b)}/sign-in`,
            reset: `${appUrl(b)}/reset/`,
          }),
          b,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const b = brand();
        const url = `${appUrl(b)}/email-settings/verification/${encodeURIComponent(token)}`;
        // For a change, `user.email` is already the new address: the link goes there.
        const change = emailChangeIn(token);
        const mail = change
          ? changeEmailMail(b, user, change.previousEmail, url)
          : verificationMail(b, user, url);
        await send(user.email, mail, b);
      },
    },
    // Reset tokens are kept only as hashes; a database leak does not leak working links.
    verification: { storeIdentifier: 'hashed' },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    databaseHooks: {
      user: {
        update: {
          // The address changed through the link sent to the new one: the old address hears of it, so
          // a change she did not make does not go unnoticed.
          after: async (user, ctx) => {
            const query = (ctx?.query ?? {}) as Record<string, unknown>;
            const token = ctx?.path === '/verify-email' ? query.token : undefined;
            const change = typeof token === 'string' ? emailChangeIn(token) : null;
            if (!change || change.userId !== user.id || user.email !== change.newEmail) return;
            const b = brand();
            const resetUrl = `${appUrl(b)}/reset/`;
            await send(
              change.previousEmail,
              emailChangedNoticeMail(b, user, change, resetUrl),
              b,
            ).catch((error: unknown) =>
              logger.warn(
                `auth: the notice of an address change to ${change.previousEmail} failed: ${String(error)}`,
              ),
            );
          },
        },
        create: {
          // A Google sign-up keeps the affiliate choice and referral code made on the sign-up form.
          before: async (user) => {
            const state = await getOAuthState().catch(() => null);
            if (!state) return { data: user };
            const choices = oauthSignUpChoices.parse(state);
            return {
              data: {
                ...user,
                ...(choices.isAffiliateOnly !== undefined
                  ? { isAffiliateOnly: choices.isAffiliateOnly }
                  : {}),
                ...(choices.referralCode ? { referralCode: choices.referralCode } : {}),
              },
            };
          },
          after: async (user, ctx) => {
            const referralCode = typeof user.referralCode === 'string' ? user.referralCode : null;
            await onUserCreated?.(
              { id: user.id, email: user.email, referralCode },
              ctx?.headers ?? ctx?.request?.headers ?? null,
            );
          },
        },
      },
    },
    plugins: [
      // TOTP for whoever turns it on; staff pages open only to staff who did.
      twoFactor({ issuer: defaultBrand.name }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The mail to the holder of an address someone asked to move another account to, in the request's
 * brand. A failure is logged, not thrown: the answer to the request must not differ from a free address's.
 */
export function createAddressTakenNotice({
  config,
  brands,
  mailer,
  logger,
}: Pick<AuthDeps, 'config' | 'brands' | 'mailer' | 'logger'>) {
  return async (to: string, holder: { name: string }): Promise<void> => {
    const b = currentBrand() ?? brands.all()[0];
    if (!b) return;
    const mail = addressTakenMail(b, holder, {
      signIn: `${brandAppUrl(b, config.publicUrl)}/sign-in`,
    });
    await mailer.send({ from: b.mailFrom, to, ...mail }).catch((error: unknown) => {
      logger.warn(`auth: the notice of a change request to ${to} failed: ${String(error)}`);
    });
  };
}
