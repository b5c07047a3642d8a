// /api/staff/creators: the lookup, one creator's page (any staff member), and the grants (admins).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  creatorIdParamSchema,
  creatorOverviewSchema,
  creatorSearchQuerySchema,
  creatorSearchResultSchema,
  grantCreatorResultSchema,
  grantCreatorSchema,
} from '@shark/contracts/staff-creators.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { StaffCreatorsService } from './staff-creators-service.ts';

const tags = ['Staff'];
const gated = {
  403: error('Two-factor authentication is not on yet, or the route is for admins'),
  404: error('Not a staff member (or not signed in), or no such creator'),
};
const withInput = { ...gated, 400: error('Invalid input; `fields` names each bad field') };

export function staffCreatorsRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  creators: StaffCreatorsService;
}) {
  const anyStaff = staffGuard(deps);
  const admin = staffGuard(deps, { role: 'admin' });
  const search = createRoute({
    method: 'get',
    path: '/staff/creators',
    tags,
    summary: 'Find creators by e-mail address, name, username, search term or page address',
    middleware: [anyStaff] as const,
    request: { query: creatorSearchQuerySchema },
    responses: { 200: json(creatorSearchResultSchema, 'The creators found'), ...withInput },
  });
  const overview = createRoute({
    method: 'get',
    path: '/staff/creators/{id}',
    tags,
    summary:
      'One creator: profile, plan, usage, accounts, findings, takedowns and support requests',
    middleware: [anyStaff] as const,
    request: { params: creatorIdParamSchema },
    responses: { 200: json(creatorOverviewSchema, 'The creator'), ...gated },
  });
  const grant = createRoute({
    method: 'post',
    path: '/staff/creators/{id}/grants',
    tags,
    summary: 'Change her status, plan, granted features and flags, as `shark users grant` (admins)',
    middleware: [admin] as const,
    request: { params: creatorIdParamSchema, body: body(grantCreatorSchema) },
    responses: {
      200: json(grantCreatorResultSchema, 'Her account after the grant'),
      ...withInput,
      409: error('A subscription the payment provider bills decides her status and plan'),
    },
  });

  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(search, async (c) => c.json(await deps.creators.search(c.req.valid('query').q), 200))
    .openapi(overview, async (c) =>
      c.json(await deps.creators.overview(c.req.valid('param').id), 200),
    )
    .openapi(grant, async (c) =>
      c.json(
        await deps.creators.grant(staffActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    );
}
