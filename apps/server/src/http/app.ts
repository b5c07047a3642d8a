// The HTTP application: middleware, the API under /api, the OpenAPI document and the SPA.
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import type { Services } from '#server/services.ts';
import { AppError } from './app-error.ts';
import { bodyLimits } from './body-limits.ts';
import type { AppEnv } from './app-env.ts';
import { clientIp } from './client-ip.ts';
import { describeError } from './logger.ts';
import { downloadGuard } from './download-guard.ts';
import { inputHygiene } from './input-hygiene.ts';
import { runWithRequestContext } from './request-context.ts';
import { appOrigins, sameOrigin } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { mountSpa } from './spa.ts';
import { healthRoutes } from '#server/features/health/health-routes.ts';
import { brandRoutes } from '#server/features/brand/brand-routes.ts';
import { userRoutes } from '#server/features/user/user-routes.ts';
import { usageUpgradeSuggestion } from '#server/features/entitlements/entitlements.ts';
import { authRoutes } from '#server/features/auth/auth-routes.ts';
import { badgeRoutes } from '#server/features/badges/badge-routes.ts';
import { protectedAccountRoutes } from '#server/features/accounts/protected-account-routes.ts';
import { usageRoutes } from '#server/features/entitlements/usage-routes.ts';
import { whitelistRoutes } from '#server/features/whitelist/whitelist-routes.ts';
import { nameSightingRoutes } from '#server/features/name-sightings/name-sighting-routes.ts';
import { uploadRoutes } from '#server/features/uploads/upload-routes.ts';
import { referenceFileRoutes } from '#server/features/uploads/reference-file-routes.ts';
import { searchTermRoutes } from '#server/features/search-terms/search-term-routes.ts';
import { onboardingRoutes } from '#server/features/onboarding/onboarding-routes.ts';
import { contentRoutes } from '#server/features/content/content-routes.ts';
import { findingRoutes } from '#server/features/findings/findings-routes.ts';
import { scanSourceRoutes } from '#server/features/scan-sources/scan-sources-routes.ts';
import { scanRoutes } from '#server/features/scans/scan-routes.ts';
import { reportRoutes } from '#server/features/reports/report-routes.ts';
import { promoRemovalRoutes } from '#server/features/promo-removals/promo-removal-routes.ts';
import { marketingRoutes } from '#server/features/marketing/marketing-routes.ts';
import { dashboardRoutes } from '#server/features/takedowns/report/dashboard-routes.ts';
import { authorizationRoutes } from '#server/features/takedowns/agent-authorization/agent-authorization-routes.ts';
import { takedownRoutes } from '#server/features/takedowns/takedown-routes.ts';
import { billingRoutes } from '#server/features/billing/billing-routes.ts';
import { offerRoutes } from '#server/features/offers/offer-routes.ts';
import { accountDataRoutes } from '#server/features/account-data/account-data-routes.ts';
import {
  emailSettingsRoutes,
  notificationRoutes,
} from '#server/features/notifications/notification-routes.ts';
import { affiliateRoutes } from '#server/features/affiliates/affiliate-routes.ts';
import { communityRoutes } from '#server/features/community/community-routes.ts';
import { riskRegistryRoutes } from '#server/features/risk-registry/risk-registry-routes.ts';

/** Calls that come from outside the SPA (monitors, OAuth redirects) and so carry no provider header. */
const WITHOUT_PROVIDER = [
  // Thumbnails load as <img> sources, which cannot carry a header; the session cookie still decides access.
  /^\/api\/reference-files\/[^/]+\/thumbnail$/,
  /^\/api\/findings\/[^/]+\/thumbnail$/,
  /^\/api\/health$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/auth\/oauth2\/callback\//,
  /^\/api\/auth\/callback\//,
  /^\/api\/auth\/error$/,
  // The report's exports download through plain links; the brand comes as ?provider= (takedown-report).
  /^\/api\/takedowns\/export\.(csv|pdf)$/,
  // A notice's PDF copy opens through a plain link; the session cookie still decides access.
  /^\/api\/takedowns\/[^/]+\/notices\/[^/]+\.pdf$/,
  // Stripe's webhook: Stripe signs it; it knows nothing of brands.
  /^\/api\/billing\/webhook$/,
  // The creator's data export downloads through a plain link (streamed to disk); it names no brand.
  /^\/api\/account\/(export|archive)$/,
  // Marketing downloads (share images, the welcome package PDF) through plain links; the brand comes as ?provider=.
  /^\/api\/marketing\/social-share\/images\/[^/]+\.png$/,
  /^\/api\/marketing\/welcome-package\.pdf$/,
  // RFC 8058 one-click unsubscribe: mail clients post to the address in List-Unsubscribe (features/notifications).
  /^\/api\/email-settings\/subscription\/[^/]+\/one-click$/,
];

export function createApp(services: Services) {
  const { config, logger, brands } = services;
  const secureCookies = config.publicUrl.startsWith('https://');
  const app = new OpenAPIHono<AppEnv>();

  // CSP on the SPA, Permissions-Policy, no-store on the API, HSTS over https (http/security-headers.ts).
  app.use(
    '*',
    securityHeaders({
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      webDistDir: config.webDistDir,
    }),
  );

  // Before anything reads a body: each route's size limit (http/body-limits.ts).
  app.use('*', bodyLimits());
  // State-changing API requests only from the app's own pages (cross-site request forgery).
  app.use(
    '/api/*',
    sameOrigin(
      appOrigins(
        config.publicUrl,
        brands.all().flatMap((b) => (b.appUrl ? [b.appUrl] : [])),
      ),
    ),
  );

  // No control characters in paths, queries or body text (Postgres refuses NUL in text with a failed query).
  app.use('/api/*', inputHygiene());
  // A download that fails mid-stream is logged without query parameters and never echoes its error.
  app.use('/api/*', downloadGuard(logger));

  app.use('/api/*', async (c, next) => {
    c.set('clientIp', clientIp(c, config.trustProxy));
    if (WITHOUT_PROVIDER.some((pattern) => pattern.test(c.req.path))) {
      const fallback = brands.all()[0];
      if (fallback) c.set('brand', fallback);
      return runWithRequestContext({ brand: c.get('brand') }, next);
    }
    const providerId = c.req.header(PROVIDER_HEADER);
    if (!providerId) {
      throw new AppError('PROVIDER_REQUIRED', `The ${PROVIDER_HEADER} header is missing.`);
    }
    const brand = brands.get(providerId);
    if (!brand)
      throw new AppError('UNKNOWN_PROVIDER', `Unknown provider "${providerId.slice(0, 64)}".`);
    c.set('brand', brand);
    return runWithRequestContext({ brand }, next);
  });

  const api = new OpenAPIHono<AppEnv>()
    .route('/', healthRoutes(services.database))
    .route('/', brandRoutes({ googleSignIn: config.google !== null }))
    .route(
      '/',
      userRoutes({
        auth: services.auth,
        accounts: services.accounts,
        secureCookies,
        usageSuggestion: async (userId) =>
          usageUpgradeSuggestion(
            services.catalog,
            (await services.entitlements.of(userId)).tier,
            await services.usage.all(userId),
          ),
      }),
    )
    .route('/', badgeRoutes({ auth: services.auth, badges: services.badges }))
    .route(
      '/',
      protectedAccountRoutes({
        auth: services.auth,
        accounts: services.protectedAccounts,
        entitlements: services.entitlements,
      }),
    )
    .route(
      '/',
      usageRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        usage: services.usage,
      }),
    )
    .route(
      '/',
      whitelistRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        whitelist: services.whitelist,
      }),
    )
    .route(
      '/',
      uploadRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        uploads: services.uploads,
      }),
    )
    .route(
      '/',
      referenceFileRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        uploadedFiles: services.uploadedFiles,
      }),
    )
    .route(
      '/',
      searchTermRoutes({
        auth: services.auth,
        searchTerms: services.searchTerms,
        entitle: (user) => services.entitlements.require(user.id, 'setup'),
      }),
    )
    // Onboarding adds the first terms before the 'setup' entitlement exists (features/onboarding).
    .route(
      '/onboarding',
      searchTermRoutes({
        auth: services.auth,
        searchTerms: services.searchTerms,
        entitle: (user) => services.onboarding.entitle(user),
      }),
    )
    .route(
      '/',
      onboardingRoutes({
        auth: services.auth,
        onboarding: services.onboarding,
        accounts: services.protectedAccounts,
      }),
    )
    .route(
      '/',
      contentRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        content: services.content,
      }),
    )
    .route('/', scanRoutes({ auth: services.auth, scans: services.scans }))
    .route('/', scanSourceRoutes({ auth: services.auth, sources: services.scanSources }))
    .route(
      '/',
      findingRoutes({
        auth: services.auth,
        findings: services.findings,
        entitlements: services.entitlements,
      }),
    )
    .route(
      '/',
      nameSightingRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        sightings: services.nameSightings,
      }),
    )
    .route('/', dashboardRoutes({ auth: services.auth, reports: services.takedownReport }))
    .route(
      '/',
      takedownRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        reports: services.takedownReport,
        takedowns: services.enforcement.takedowns,
        isFreeRemovalTakedown: (userId, takedownId) =>
          services.promoRemovals.isFreeRemovalTakedown(userId, takedownId),
        brands,
        logoDirectories: [
          config.webDistDir,
          fileURLToPath(new URL('../../../web/public', import.meta.url)),
        ],
      }),
    )
    .route(
      '/',
      reportRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        reports: services.reports,
      }),
    )
    .route(
      '/',
      authorizationRoutes({
        auth: services.auth,
        authorizations: services.enforcement.authorizations,
      }),
    )
    .route(
      '/',
      promoRemovalRoutes({
        auth: services.auth,
        entitlements: services.entitlements,
        promoRemovals: services.promoRemovals,
      }),
    )
    .route('/', marketingRoutes({ auth: services.auth, marketing: services.marketing, brands }))
    .route('/', billingRoutes({ auth: services.auth, billing: services.billing }))
    .route('/', offerRoutes({ auth: services.auth, offers: services.offers }))
    .route('/', notificationRoutes({ auth: services.auth, notifications: services.notifications }))
    .route('/', emailSettingsRoutes({ notifications: services.notifications }))
    .route(
      '/',
      accountDataRoutes({
        auth: services.auth,
        accountData: services.accountData,
        secureCookies,
        logger,
      }),
    )
    .route(
      '/',
      affiliateRoutes({
        auth: services.auth,
        affiliates: services.affiliates,
        limiter: services.rateLimiter,
        secureCookies,
      }),
    )
    .route('/', communityRoutes({ auth: services.auth, community: services.community }))
    .route('/', riskRegistryRoutes({ auth: services.auth, registry: services.riskRegistry }))
    .route(
      '/',
      authRoutes({
        auth: services.auth,
        limiter: services.rateLimiter,
        limits: config.rateLimit,
        secureCookies,
        signInThrottle: services.signInThrottle,
        mailAddressTaken: services.mailAddressTaken,
      }),
    );

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Shark API', version: '0.1.0' },
    servers: [{ url: '/api' }],
  });
  app.route('/api', api);
  // Unknown API paths answer JSON, never the SPA's index.html.
  app.all('/api/*', (c) =>
    c.json(
      new AppError('NOT_FOUND', `No API endpoint ${c.req.method} ${c.req.path}.`).toBody(),
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds)
        c.header('retry-after', String(error.extra.retryAfterSeconds));
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json(
        {
          code: status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST',
          message: error.message || 'Bad request.',
        },
        status,
      );
    }
    logger.error('unhandled error', {
      path: c.req.path,
      method: c.req.method,
      error: describeError(error),
    });
    return c.json(
      { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      500,
    );
  });

  const spaMounted = mountSpa(app, config.webDistDir);
  if (!spaMounted) {
    logger.warn('the web app is not built; only the API is served', {
      webDistDir: config.webDistDir,
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
