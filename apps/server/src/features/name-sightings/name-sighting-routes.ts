// /api/name-sightings: pages that share the creator's name, grouped by site; whitelist a site or
// dismiss it. Sign-in and the set-up entitlement are checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  dismissSightedSiteResultSchema,
  nameSightingListSchema,
  nameSightingSiteSchema,
  whitelistSightedSiteResultSchema,
  whitelistSightedSiteSchema,
} from '@shark/contracts/name-sightings.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { NameSightingService } from './name-sighting-service.ts';

type SightingsEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const guarded = {
  401: error('Not signed in'),
  403: error(
    'Not entitled to the protection set-up (FORBIDDEN), or the plan’s whitelist limit is reached (PLAN_LIMIT_REACHED)',
  ),
};
const tags = ['Name sightings'];

const list = createRoute({
  method: 'get',
  path: '/name-sightings',
  tags,
  summary: 'Pages that share the creator’s name without a sign of a leak, grouped by site',
  responses: { 200: json(nameSightingListSchema, 'One group per site, newest first'), ...guarded },
});

const whitelistSite = createRoute({
  method: 'post',
  path: '/name-sightings/whitelist-site',
  tags,
  summary: 'Whitelist a site the creator’s name was seen on, and forget its sightings',
  request: { body: body(whitelistSightedSiteSchema) },
  responses: {
    200: json(whitelistSightedSiteResultSchema, 'The site is on the whitelist'),
    ...guarded,
    400: error('Not a site, or a site that cannot be whitelisted'),
    404: error('The creator’s name was not seen on this site'),
  },
});

const dismiss = createRoute({
  method: 'delete',
  path: '/name-sightings/{site}',
  tags,
  summary: 'Dismiss a site’s sightings',
  request: { params: z.object({ site: nameSightingSiteSchema }) },
  responses: {
    200: json(dismissSightedSiteResultSchema, 'The sightings removed'),
    ...guarded,
    400: error('Not a site'),
    404: error('The creator’s name was not seen on this site'),
  },
});

export function nameSightingRoutes(deps: {
  auth: Auth;
  entitlements: Entitlements;
  sightings: NameSightingService;
}) {
  const { sightings } = deps;
  const app = new OpenAPIHono<SightingsEnv>({ defaultHook: throwOnInvalid });
  const entitled = createMiddleware<SightingsEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    c.set('entitled', await deps.entitlements.require(user.id, 'setup'));
    await next();
  });
  app.use('/name-sightings', entitled);
  app.use('/name-sightings/*', entitled);

  return app
    .openapi(list, async (c) => c.json(await sightings.list(c.get('entitled').userId), 200))
    .openapi(whitelistSite, async (c) =>
      c.json(await sightings.whitelistSite(c.get('entitled'), c.req.valid('json').site), 200),
    )
    .openapi(dismiss, async (c) =>
      c.json(await sightings.dismissSite(c.get('entitled').userId, c.req.valid('param').site), 200),
    );
}
