// /api/dashboard/summary: any signed-in creator's own figures. Sign-in is checked before any input is
// read; every query is scoped to the signed-in creator, so another account's rows never show.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  dashboardSummaryQuerySchema,
  dashboardSummarySchema,
} from '@shark/contracts/takedown-report.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { TakedownReportService } from './takedown-report-service.ts';

type DashboardEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

const summary = createRoute({
  method: 'get',
  path: '/dashboard/summary',
  tags: ['Takedown report'],
  summary:
    'The dashboard’s figures: found, confirmed, notices sent, removed, pending, the removal rate, series, kinds of site, recent activity, the next scan',
  request: { query: dashboardSummaryQuerySchema },
  responses: {
    200: json(dashboardSummarySchema, 'The creator’s figures'),
    401: error('Not signed in'),
    400: error('Unknown range'),
  },
});

export function dashboardRoutes(deps: { auth: Auth; reports: TakedownReportService }) {
  const { reports } = deps;
  const app = new OpenAPIHono<DashboardEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/dashboard/summary',
    createMiddleware<DashboardEnv>(async (c, next) => {
      c.set('user', await requireSessionUser(deps.auth, c));
      await next();
    }),
  );
  return app.openapi(summary, async (c) =>
    c.json(await reports.summary(c.get('user').id, c.req.valid('query').range), 200),
  );
}
