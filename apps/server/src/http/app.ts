// The HTTP application: middleware, the API under /api, the OpenAPI document and the SPA.
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import type { Services } from '#server/app/server.ts';
import { AppError } from './app-error.ts';
import { bodyLimits } from './body-limits.ts';
import type { AppEnv } from './app-env.ts';
import { clientIp } from './client-ip.ts';
import { describeError } from './logger.ts';
import { downloadGuard } from './download-guard.ts';
import { inputHygiene } from './input-hygiene.ts';
import { runWithRequestContext } from './request-context.ts';
import { runInteractive } from '@shark/db/statement-turns.ts';
import { appOrigins, sameOrigin } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { mountSpa } from './spa.ts';

/** Calls that come from outside the SPA (monitors, OAuth redirects) and so carry no provider header. */
const WITHOUT_PROVIDER = [
  // Thumbnails load as <img> sources, which cannot carry a header; the session cookie still decides access.
  /^\/api\/reference-files\/[^/]+\/thumbnail$/,
  /^\/api\/findings\/[^/]+\/thumbnail$/,
  // A likeness finding's two faces, to her and to the staff reviewing it; the staff item's picture.
  /^\/api\/findings\/[^/]+\/face\/[^/]+$/,
  // Her enrolled faces on the likeness page.
  /^\/api\/likeness\/faces\/[^/]+\/crop$/,
  /^\/api\/staff\/queue\/[^/]+\/(thumbnail|face\/[^/]+)$/,
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

/** The list above as one pattern: tested on every API request. */
const WITHOUT_PROVIDER_PATTERN = new RegExp(
  WITHOUT_PROVIDER.map((pattern) => `(?:${pattern.source})`).join('|'),
);

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

  // Routes that read nothing of the request answer here, before the API's middleware; the API's
  // OpenAPI document still lists them.
  const bare = new OpenAPIHono<AppEnv>();
  for (const module of services.modules) {
    for (const mountRoutes of module.bareRoutes?.() ?? []) mountRoutes(bare);
  }
  app.route('/api', bare);

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
  // A state-changing request may have deleted sessions here (sign-out, revocation, a deleted account):
  // the next cached session cookie is checked against a fresh read of the revocation log.
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    try {
      await next();
    } finally {
      services.sessionRevocations.markStale();
    }
  });
  // A download that fails mid-stream is logged without query parameters and never echoes its error.
  app.use('/api/*', downloadGuard(logger));

  // On the embedded database, a request's statements go before the background jobs' (statement-turns.ts).
  const asked =
    services.database.driver === 'pglite' ? runInteractive : <T>(work: () => T): T => work();
  app.use('/api/*', async (c, next) => {
    c.set('clientIp', clientIp(c, config.trustProxy));
    if (WITHOUT_PROVIDER_PATTERN.test(c.req.path)) {
      const fallback = brands.all()[0];
      if (fallback) c.set('brand', fallback);
      return runWithRequestContext({ brand: c.get('brand') }, () => asked(next));
    }
    const providerId = c.req.header(PROVIDER_HEADER);
    if (!providerId) {
      throw new AppError('PROVIDER_REQUIRED', `The ${PROVIDER_HEADER} header is missing.`);
    }
    const brand = brands.get(providerId);
    if (!brand)
      throw new AppError('UNKNOWN_PROVIDER', `Unknown provider "${providerId.slice(0, 64)}".`);
    c.set('brand', brand);
    return runWithRequestContext({ brand }, () => asked(next));
  });

  // Every module's routes, in the order of the module list (app/server.ts).
  const http = { auth: services.auth, secureCookies, limiter: services.rateLimiter };
  const api = new OpenAPIHono<AppEnv>();
  for (const module of services.modules) {
    for (const mountRoutes of module.routes?.(http) ?? []) mountRoutes(api);
  }

  for (const definition of bare.openAPIRegistry.definitions) {
    if (definition.type === 'route') api.openAPIRegistry.registerPath(definition.route);
  }
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
