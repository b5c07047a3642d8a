// Sign-up, sign-in (e-mail and password, Google), verification, reset and sessions (Better Auth), with
// the request rate limiter and the sign-in throttle.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import {
  createAddressTakenNotice,
  createAuth,
  REVOCATION_STALENESS_MS,
  SESSION_CACHE_SECONDS,
  type AuthDeps,
} from './auth.ts';
import { authRoutes } from './auth-routes.ts';
import { createRateLimitRepository } from './rate-limit-repository.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createSessionRevocationRepository } from './session-revocation-repository.ts';
import { createSessionRevocations } from './session-revocations.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

export function createAuthModule(
  platform: Platform,
  deps: { userMailer: Mailer; onUserCreated: AuthDeps['onUserCreated'] },
) {
  const { config, brands, logger } = platform;
  const sessionRevocations = createSessionRevocations(
    createSessionRevocationRepository(platform.database.db),
    { cacheSeconds: SESSION_CACHE_SECONDS, maxStalenessMs: REVOCATION_STALENESS_MS },
  );
  const auth = createAuth({
    config,
    db: platform.database.db,
    brands,
    mailer: deps.userMailer,
    logger,
    sessionRevocations,
    onUserCreated: deps.onUserCreated,
  });
  const rateLimiter = createRateLimiter(
    createRateLimitRepository(platform.database.db),
    config.rateLimit.windowSeconds,
  );
  const signInThrottle = createSignInThrottle(rateLimiter, config.rateLimit);
  const mailAddressTaken = createAddressTakenNotice({
    config,
    brands,
    mailer: deps.userMailer,
    logger,
  });
  return featureModule(
    'auth',
    { auth, rateLimiter, signInThrottle, mailAddressTaken, sessionRevocations },
    {
      routes: ({ limiter, secureCookies }) => [
        mount(
          authRoutes({
            auth,
            limiter,
            limits: config.rateLimit,
            secureCookies,
            signInThrottle,
            mailAddressTaken,
          }),
        ),
      ],
    },
  );
}
