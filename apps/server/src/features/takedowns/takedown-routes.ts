// Every /api/takedowns route. The report's list with its CSV and PDF exports (status subscribed, like
// the Takedown Report page): sign-in is checked before any input is read and every query is scoped to
// the signed-in creator. /api/takedowns/{id}: one takedown of the creator — its history, recipients,
// notices and delisting — and the PDF copy of each notice. They open from the Takedown Report, so they
// need what the report needs (status subscribed: 403 otherwise) — except a takedown of one of her Free
// Removals, which a promoProtect user may open; another account's takedown is a 404.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { takedownDetailSchema } from '@shark/contracts/takedowns.ts';
import {
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
import { webStreamOf } from '#server/http/web-stream.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { loadBrandLogo } from '#server/features/takedowns/exports/brand-logo.ts';
import {
  csvExportStream,
  pdfExportStream,
} from '#server/features/takedowns/exports/report-exports.ts';
import type { TakedownService } from '#server/features/takedowns/opening/takedown-service.ts';
import type { TakedownReportService } from '#server/features/takedowns/report/takedown-report-service.ts';

type TakedownsEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

const subscribed = {
  401: error('Not signed in'),
  403: error('The takedown report needs an active subscription (FORBIDDEN)'),
};

// --- The report: the list and its exports ---

const reportTags = ['Takedown report'];

const list = createRoute({
  method: 'get',
  path: '/takedowns',
  tags: reportTags,
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
  tags: reportTags,
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
  tags: reportTags,
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

// --- One takedown ---

const takedownTags = ['Enforcement'];
const id = z.string().min(1).max(200);

const detail = createRoute({
  method: 'get',
  path: '/takedowns/{id}',
  tags: takedownTags,
  summary:
    'One takedown: status, every event with its time, recipients by level, notices and their delivery, delisting per engine',
  request: { params: z.object({ id }) },
  responses: {
    200: json(takedownDetailSchema, 'The takedown'),
    401: error('Not signed in'),
    403: error('The takedown report needs an active subscription (FORBIDDEN)'),
    404: error('No such takedown of this creator'),
  },
});

const noticePdf = createRoute({
  method: 'get',
  path: '/takedowns/{id}/notices/{file}',
  tags: takedownTags,
  summary: 'The PDF copy of one of the takedown’s notices (the file is <noticeId>.pdf)',
  request: {
    params: z.object({
      id,
      file: z.string().regex(/^[A-Za-z0-9_-]{1,200}\.pdf$/, 'must be <noticeId>.pdf'),
    }),
  },
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: error('Not signed in'),
    403: error('The takedown report needs an active subscription (FORBIDDEN)'),
    404: error('No such notice of this takedown'),
  },
});

export function takedownRoutes(deps: {
  auth: Auth;
  entitlements: Pick<Entitlements, 'require' | 'requireTakedown'>;
  reports: TakedownReportService;
  takedowns: TakedownService;
  /** Whether the takedown is one of her Free Removals (features/promo-removals). */
  isFreeRemovalTakedown: (userId: string, takedownId: string) => Promise<boolean>;
  brands: BrandRegistry;
  /** Where the brands' logo files are looked for (the built web app, then its public folder). */
  logoDirectories: readonly string[];
}) {
  const { reports, takedowns } = deps;
  const app = new OpenAPIHono<TakedownsEnv>({ defaultHook: throwOnInvalid });

  // Order matters: Hono runs the handlers and middleware of a path in the order they are registered.
  // The list and the exports come first, each with its own guard, so /takedowns/export.csv and
  // /takedowns/export.pdf are answered there and never reach /takedowns/{id} or its guard below.

  // Status subscribed, the Takedown Report page's own guard.
  const subscriber = createMiddleware<TakedownsEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    await deps.entitlements.require(user.id, 'takedowns');
    c.set('user', user);
    await next();
  });
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

  app
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
          logo: await loadBrandLogo(brand.logoUrl, deps.logoDirectories),
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

  // One takedown: sign-in, then the report's rule, before the id is looked up (a free account learns
  // nothing of ids). Registered after the exports above, so it never sees export.csv or export.pdf.
  app.use(
    '/takedowns/*',
    createMiddleware<TakedownsEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      const takedownId = /\/takedowns\/([^/]+)/.exec(c.req.path)?.[1];
      await deps.entitlements.requireTakedown(user.id, async () =>
        takedownId === undefined ? false : deps.isFreeRemovalTakedown(user.id, takedownId),
      );
      await next();
    }),
  );
  return app
    .openapi(detail, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await takedowns.detail(user.id, c.req.valid('param').id), 200);
    })
    .openapi(noticePdf, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      const { id: takedownId, file } = c.req.valid('param');
      const { body, fileName: noticeFileName } = await takedowns.noticePdf(
        user.id,
        takedownId,
        file.slice(0, -'.pdf'.length),
      );
      return c.body(webStreamOf(body), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${noticeFileName}"`,
        'cache-control': 'private, no-cache',
      });
    });
}
