// /api/risk-registry/*: the published Scam Registry (search, kind filter, pages), an entry, the
// creator's own reports and a new report. Sign-in is checked before any input is read; affiliate-only
// accounts reach only the referral pages, account, plans, notifications and community.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  reportRiskEntrySchema,
  riskEntryDetailSchema,
  riskRegistryPageSchema,
  riskRegistryQuerySchema,
  riskReportListSchema,
  riskReportSchema,
} from '@shark/contracts/risk-registry.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { RiskRegistryService } from './risk-registry-service.ts';

type RegistryEnv = { Variables: AppEnv['Variables'] & { sessionUser: SessionUser } };

const tags = ['Scam Registry'];
const guarded = {
  401: error('Not signed in'),
  403: error('Affiliate-only accounts have no Scam Registry (FORBIDDEN)'),
};

const search = createRoute({
  method: 'get',
  path: '/risk-registry',
  tags,
  summary:
    'Published entries, newest first: every word of q in the name, identifiers or description; optional kind',
  request: { query: riskRegistryQuerySchema },
  responses: {
    200: json(riskRegistryPageSchema, 'A page of entries'),
    400: error('Invalid search'),
    ...guarded,
  },
});

const myReports = createRoute({
  method: 'get',
  path: '/risk-registry/reports',
  tags,
  summary:
    'The creator’s own reports with their review status and note, and how many she may still send today',
  responses: { 200: json(riskReportListSchema, 'Her reports'), ...guarded },
});

const report = createRoute({
  method: 'post',
  path: '/risk-registry/reports',
  tags,
  summary:
    'Report a scam: saved as pending until an operator reviews it; evidence links are never fetched',
  request: { body: body(reportRiskEntrySchema) },
  responses: {
    201: json(riskReportSchema, 'The pending report'),
    400: error('Invalid input; `fields` names each bad field'),
    ...guarded,
    429: error('Too many reports in 24 hours'),
  },
});

const show = createRoute({
  method: 'get',
  path: '/risk-registry/{id}',
  tags,
  summary: 'A published entry, or one of the creator’s own reports',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: {
    200: json(riskEntryDetailSchema, 'The entry'),
    ...guarded,
    404: error('No such published entry or own report'),
  },
});

export function riskRegistryRoutes(deps: { auth: Auth; registry: RiskRegistryService }) {
  const { registry } = deps;
  const app = new OpenAPIHono<RegistryEnv>({ defaultHook: throwOnInvalid });
  const guard = createMiddleware<RegistryEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    if (user.isAffiliateOnly)
      throw new AppError('FORBIDDEN', 'The Scam Registry is not part of an affiliate account.');
    c.set('sessionUser', user);
    await next();
  });
  app.use('/risk-registry', guard);
  app.use('/risk-registry/*', guard);
  const userId = (c: { get: (key: 'sessionUser') => SessionUser }) => c.get('sessionUser').id;
  return app
    .openapi(search, async (c) => c.json(await registry.search(c.req.valid('query')), 200))
    .openapi(myReports, async (c) => c.json(await registry.myReports(userId(c)), 200))
    .openapi(report, async (c) =>
      c.json(await registry.report(userId(c), c.req.valid('json')), 201),
    )
    .openapi(show, async (c) =>
      c.json(await registry.show(userId(c), c.req.valid('param').id), 200),
    );
}
