// /api/dashboard/summary (any signed-in creator: her own figures) and /api/takedowns with its CSV and
// PDF exports (status subscribed, like the Takedown Report page). Sign-in is checked before any input
// is read; every query is scoped to the signed-in creator, so another account's rows never show.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  dashboardSummaryQuerySchema,
  dashboardSummarySchema,
  takedownExportQuerySchema,
  takedownReportPageSchema,
  takedownReportQuerySchema,
} from '@shark/contracts/takedown-report.ts';
import type { BrandConfig, BrandRegistry } from '#server/config/brands.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { loadBrandLogo } from './brand-logo.ts';
import { csvExportStream, pdfExportStream } from './report-exports.ts';
import type { TakedownReportService } from './takedown-report-service.ts';

type ReportEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

const tags = ['Takedown report'];
const signedIn = { 401: error('Not signed in') };
const subscribed = {
  ...signedIn,
  403: error('The takedown report needs an active subscription (FORBIDDEN)'),
};

const summary = createRoute({
  method: 'get',
  path: '/dashboard/summary',
  tags,
  summary:
    'The dashboard’s figures: found, confirmed, notices sent, removed, pending, the removal rate, series, kinds of site, recent activity, the next scan',
  request: { query: dashboardSummaryQuerySchema },
  responses: {
    200: json(dashboardSummarySchema, 'The creator’s figures'),
    ...signedIn,
    400: error('Unknown range'),
  },
});

const list = createRoute({
  method: 'get',
  path: '/takedowns',
  tags,
  summary:
    'The creator’s takedowns with their status and dates, filtered, sorted and a keyset page at a time, with the total for the filters',
  request: { query: takedownReportQuerySchema },
  responses: {
    200: json(takedownReportPageSchema, 'A page of takedowns'),
    ...subscribed,
    400: error('Invalid filter, order or cursor'),
  },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/takedowns/export.csv',
  tags,
  summary: 'Every takedown of the filters as CSV (RFC 4180, formula cells defused), streamed',
  request: { query: takedownExportQuerySchema },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...subscribed,
    400: error('Invalid filter or brand'),
  },
});

const exportPdf = createRoute({
  method: 'get',
  path: '/takedowns/export.pdf',
  tags,
  summary: 'The branded PDF report of the filters (summary, charts, table), streamed',
  request: { query: takedownExportQuerySchema },
  responses: {
    200: {
      description: 'The PDF file',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...subscribed,
    400: error('Invalid filter or brand'),
  },
});

export function takedownReportRoutes(deps: {
  auth: Auth;
  reports: TakedownReportService;
  entitlements: Pick<Entitlements, 'require'>;
  brands: BrandRegistry;
  /** Where the brands' logo files are looked for (the built web app, then its public folder). */
  logoDirectories: readonly string[];
}) {
  const { reports } = deps;
  const app = new OpenAPIHono<ReportEnv>({ defaultHook: throwOnInvalid });
  const signedInOnly = createMiddleware<ReportEnv>(async (c, next) => {
    c.set('user', await requireSessionUser(deps.auth, c));
    await next();
  });
  // Status subscribed, the Takedown Report page's own guard.
  const subscriber = createMiddleware<ReportEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    await deps.entitlements.require(user.id, 'takedowns');
    c.set('user', user);
    await next();
  });
  app.use('/dashboard/summary', signedInOnly);
  app.use('/takedowns', subscriber);
  app.use('/takedowns/export.csv', subscriber);
  app.use('/takedowns/export.pdf', subscriber);

  /** The export links carry the brand as ?provider= (a link cannot send the header). */
  const brandOf = (provider: string | undefined, fallback: BrandConfig): BrandConfig => {
    if (provider === undefined) return fallback;
    const brand = deps.brands.get(provider);
    if (!brand)
      throw new AppError('UNKNOWN_PROVIDER', `Unknown provider "${provider.slice(0, 64)}".`);
    return brand;
  };
  const fileName = (extension: string) =>
    `takedown-report-${new Date().toISOString().slice(0, 10)}.${extension}`;
  const download = (type: string, name: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    // The creator's own data: never kept by a shared cache.
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });

  return app
    .openapi(summary, async (c) =>
      c.json(await reports.summary(c.get('user').id, c.req.valid('query').range), 200),
    )
    .openapi(list, async (c) =>
      c.json(await reports.list(c.get('user').id, c.req.valid('query')), 200),
    )
    .openapi(exportCsv, (c) => {
      const { provider, ...filters } = c.req.valid('query');
      brandOf(provider, c.get('brand'));
      const stream = csvExportStream(reports.exportBatches(c.get('user').id, filters));
      return c.body(stream, 200, download('text/csv; charset=utf-8', fileName('csv')));
    })
    .openapi(exportPdf, async (c) => {
      const { provider, ...filters } = c.req.valid('query');
      const brand = brandOf(provider, c.get('brand'));
      const user = c.get('user');
      // The figures come first (the summary page); the rows follow as the reader takes the pages.
      const [figures, total] = await Promise.all([
        reports.summary(user.id, '12m'),
        reports.count(user.id, filters),
      ]);
      const stream = pdfExportStream(
        {
          brand,
          logo: loadBrandLogo(brand.logoUrl, deps.logoDirectories),
          owner: user.name.trim() !== '' ? `${user.name} <${user.email}>` : user.email,
          summary: figures,
          filters,
          total,
          generatedAt: new Date(),
        },
        reports.exportBatches(user.id, filters),
      );
      return c.body(stream, 200, download('application/pdf', fileName('pdf')));
    });
}
