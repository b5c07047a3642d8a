// /api/staff/sites (any staff member): `shark sites` in the console.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  correctSiteContactSchema,
  discoveredSiteSchema,
  reviewSiteSchema,
  siteContactQuerySchema,
  siteContactResultSchema,
  siteContactSchema,
  staffSiteListSchema,
  staffSiteQuerySchema,
} from '@shark/contracts/staff-sites.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { StaffSitesService } from './staff-sites-service.ts';

const tags = ['Staff'];
const gated = {
  403: error('Two-factor authentication is not on yet'),
  404: error('Not a staff member (or not signed in)'),
};
const withInput = { ...gated, 400: error('Invalid input; `fields` names each bad field') };

export function staffSitesRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  sites: StaffSitesService;
}) {
  const anyStaff = staffGuard(deps);
  const list = createRoute({
    method: 'get',
    path: '/staff/sites',
    tags,
    summary: 'Sites outside the catalog that yielded copies, most copies first',
    middleware: [anyStaff] as const,
    request: { query: staffSiteQuerySchema },
    responses: { 200: json(staffSiteListSchema, 'The sites'), ...withInput },
  });
  const contact = createRoute({
    method: 'get',
    path: '/staff/sites/contact',
    tags,
    summary: 'The copyright channel known for a site (found on its pages, or corrected)',
    middleware: [anyStaff] as const,
    request: { query: siteContactQuerySchema },
    responses: { 200: json(siteContactResultSchema, 'The channel, or none yet'), ...withInput },
  });
  const correct = createRoute({
    method: 'post',
    path: '/staff/sites/contact',
    tags,
    summary: 'Set the site’s own channel: the first recipient of its takedowns from now on',
    middleware: [anyStaff] as const,
    request: { body: body(correctSiteContactSchema) },
    responses: { 200: json(siteContactSchema, 'The channel'), ...withInput },
  });
  const review = (status: 'accept' | 'dismiss') =>
    createRoute({
      method: 'post',
      path: `/staff/sites/${status}`,
      tags,
      summary:
        status === 'accept'
          ? 'Mark a site accepted (added when no scan has recorded it yet)'
          : 'Mark a site dismissed',
      middleware: [anyStaff] as const,
      request: { body: body(reviewSiteSchema) },
      responses: { 200: json(discoveredSiteSchema, 'The site'), ...withInput },
    });

  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(list, async (c) =>
      c.json({ sites: await deps.sites.list(c.req.valid('query').status ?? null) }, 200),
    )
    .openapi(contact, async (c) =>
      c.json({ contact: await deps.sites.contact(c.req.valid('query').site) }, 200),
    )
    .openapi(correct, async (c) =>
      c.json(await deps.sites.correct(staffActor(c), c.req.valid('json')), 200),
    )
    .openapi(review('accept'), async (c) =>
      c.json(await deps.sites.review(staffActor(c), 'accepted', c.req.valid('json')), 200),
    )
    .openapi(review('dismiss'), async (c) =>
      c.json(await deps.sites.review(staffActor(c), 'dismissed', c.req.valid('json')), 200),
    );
}
