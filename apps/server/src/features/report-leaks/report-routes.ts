// /api/report-leaks and /api/report-impersonation: what the creator reports herself. Sign-in, then the
// page's guard (subscribed plus submitLeak, or plus impersonation) are checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import {
  OWNERSHIP_REQUIRED_MESSAGE,
  REPORT_LEAKS_CSV_MAX_BYTES,
  REPORT_LEAKS_MAX_URLS,
  impersonationPlatformListSchema,
  impersonationReportPageSchema,
  impersonationReportSchema,
  reportImpersonationSchema,
  reportLeaksResultSchema,
  reportLeaksSchema,
  reportListQuerySchema,
  reportedUrlPageSchema,
  reportedUrlSchema,
} from '@shark/contracts/report-leaks.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type {
  Entitled,
  Entitlements,
  ReportFeature,
} from '#server/features/entitlements/entitlements.ts';
import { decodeCsvBytes, numberedLines, readCsvUrls } from './report-input.ts';
import type { ReportService } from './report-service.ts';

type ReportsEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const leakGuard = {
  401: error('Not signed in'),
  403: error('Not subscribed, or the plan does not include Report Leaks (submitLeak)'),
};
const impersonationGuard = {
  401: error('Not signed in'),
  403: error(
    'Not subscribed, or the plan does not include impersonation protection (impersonation)',
  ),
};
const leakTags = ['Report Leaks'];
const impersonationTags = ['Report Impersonation'];

const reportLeaks = createRoute({
  method: 'post',
  path: '/report-leaks',
  tags: leakTags,
  summary: `Report up to ${REPORT_LEAKS_MAX_URLS} addresses of leaks of the creator’s content`,
  description:
    'Each address is judged on its own and answered line by line: accepted (queued: fetched without asking robots.txt, ' +
    'since the creator reports it herself, through the private-address guard; matched against her reference files; ' +
    'then a finding she has confirmed, which opens a takedown), duplicate (of an earlier line or an earlier report), ' +
    'invalid (with the reason) or whitelisted (refused: her whitelist covers it). Addresses are compared the way the ' +
    'whitelist compares them (scheme, www., trailing slash, tracking parameters and case do not count). ' +
    '`ownershipConfirmed` must be `true`. For a CSV file, use POST /report-leaks/csv.',
  request: { body: body(reportLeaksSchema) },
  responses: {
    200: json(reportLeaksResultSchema, 'What happened to each address'),
    ...leakGuard,
    400: error('Invalid request; `fields` names each bad field'),
  },
});

const csvForm = z.object({
  file: z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `A CSV file (UTF-8, UTF-16 or Windows-1252) of at most ${REPORT_LEAKS_CSV_MAX_BYTES} bytes: one address per row in the first column, an optional header row, at most ${REPORT_LEAKS_MAX_URLS} rows`,
  }),
  // Checked by the handler, so that a missing field gets the same message as a wrong one.
  ownershipConfirmed: z
    .string()
    .optional()
    .openapi({
      enum: ['true'],
      description: 'Must be "true": the creator states she owns the content at these addresses',
    }),
});

const reportLeaksCsv = createRoute({
  method: 'post',
  path: '/report-leaks/csv',
  tags: leakTags,
  summary:
    'Report the addresses of a CSV file (multipart fields `file` and `ownershipConfirmed=true`), answered row by row',
  middleware: [
    bodyLimit({
      maxSize: REPORT_LEAKS_CSV_MAX_BYTES + 64 * 1024,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw tooLarge();
      },
    }),
  ] as const,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: csvForm } } } },
  responses: {
    200: json(reportLeaksResultSchema, 'What happened to each row (`line` is the CSV line)'),
    ...leakGuard,
    400: error(
      'No file, ownership not confirmed, no address in the file, or more rows than allowed',
    ),
    413: error('The file is larger than 1 MB'),
    415: error('The file is not a text (CSV) file'),
  },
});

const listLeaks = createRoute({
  method: 'get',
  path: '/report-leaks',
  tags: leakTags,
  summary:
    'The creator’s reported addresses, newest first, with what the fetch and match found and the takedown’s status',
  request: { query: reportListQuerySchema },
  responses: {
    200: json(reportedUrlPageSchema, 'A page of reports, with counts by status'),
    ...leakGuard,
    400: error('Invalid cursor'),
  },
});

const idParams = z.object({ id: z.string().max(200) });

const getLeak = createRoute({
  method: 'get',
  path: '/report-leaks/{id}',
  tags: leakTags,
  summary: 'One reported address, with what the fetch and match found and the takedown’s status',
  request: { params: idParams },
  responses: {
    200: json(reportedUrlSchema, 'The report'),
    ...leakGuard,
    404: error('No such report of this creator'),
  },
});

const getImpersonation = createRoute({
  method: 'get',
  path: '/report-impersonation/{id}',
  tags: impersonationTags,
  summary: 'One impersonation report, with the takedown’s status',
  request: { params: idParams },
  responses: {
    200: json(impersonationReportSchema, 'The report'),
    ...impersonationGuard,
    404: error('No such report of this creator'),
  },
});

const platforms = createRoute({
  method: 'get',
  path: '/report-impersonation/platforms',
  tags: impersonationTags,
  summary:
    'The platforms a fake profile can be reported on: the catalog’s social networks and the Accounts platforms',
  responses: { 200: json(impersonationPlatformListSchema, 'The platforms'), ...impersonationGuard },
});

const reportImpersonation = createRoute({
  method: 'post',
  path: '/report-impersonation',
  tags: impersonationTags,
  summary:
    'Report a fake profile: it becomes a confirmed impersonation finding, and a report per the platform’s impersonation policy follows',
  description:
    'The address must be on the chosen platform; the username is read from it through the platform’s profile address ' +
    'when not given. Her evidence becomes the finding’s reasons. An address covered by her whitelist is refused (400).',
  request: { body: body(reportImpersonationSchema) },
  responses: {
    201: json(impersonationReportSchema, 'The report'),
    ...impersonationGuard,
    400: error('Invalid input; `fields` names each bad field'),
    409: error('She reported this profile already'),
  },
});

const listImpersonation = createRoute({
  method: 'get',
  path: '/report-impersonation',
  tags: impersonationTags,
  summary: 'The creator’s impersonation reports, newest first, with the takedown’s status',
  request: { query: reportListQuerySchema },
  responses: {
    200: json(impersonationReportPageSchema, 'A page of reports'),
    ...impersonationGuard,
    400: error('Invalid cursor'),
  },
});

function tooLarge(): AppError {
  const message = `The file is larger than ${REPORT_LEAKS_CSV_MAX_BYTES / 1024 / 1024} MB. Split it and send the parts one by one.`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
}

async function csvText(file: unknown): Promise<string> {
  if (!(file instanceof File)) {
    throw new AppError('VALIDATION_FAILED', 'Choose a CSV file.', {
      fields: { file: 'Choose a CSV file.' },
    });
  }
  if (file.size > REPORT_LEAKS_CSV_MAX_BYTES) throw tooLarge();
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
}

export function reportRoutes(deps: {
  auth: Auth;
  entitlements: Pick<Entitlements, 'requireFeature'>;
  reports: ReportService;
}) {
  const { reports } = deps;
  const app = new OpenAPIHono<ReportsEnv>({ defaultHook: throwOnInvalid });
  const guard = (feature: ReportFeature) =>
    createMiddleware<ReportsEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      c.set('entitled', await deps.entitlements.requireFeature(user.id, feature));
      await next();
    });
  app.use('/report-leaks', guard('submitLeak'));
  app.use('/report-leaks/*', guard('submitLeak'));
  app.use('/report-impersonation', guard('impersonation'));
  app.use('/report-impersonation/*', guard('impersonation'));
  const entitled = (c: { get: (key: 'entitled') => Entitled }) => c.get('entitled');

  return app
    .openapi(reportLeaks, async (c) =>
      c.json(await reports.reportLeaks(entitled(c), numberedLines(c.req.valid('json').urls)), 200),
    )
    .openapi(reportLeaksCsv, async (c) => {
      const form = c.req.valid('form');
      if (form.ownershipConfirmed !== 'true') {
        throw new AppError('VALIDATION_FAILED', OWNERSHIP_REQUIRED_MESSAGE, {
          fields: { ownershipConfirmed: OWNERSHIP_REQUIRED_MESSAGE },
        });
      }
      const lines = readCsvUrls(await csvText(form.file));
      return c.json(await reports.reportLeaks(entitled(c), lines), 200);
    })
    .openapi(listLeaks, async (c) =>
      c.json(await reports.listLeaks(entitled(c).userId, c.req.valid('query')), 200),
    )
    .openapi(getLeak, async (c) =>
      c.json(await reports.getLeak(entitled(c).userId, c.req.valid('param').id), 200),
    )
    .openapi(platforms, (c) => c.json(reports.platforms(), 200))
    .openapi(reportImpersonation, async (c) =>
      c.json(await reports.reportImpersonation(entitled(c), c.req.valid('json')), 201),
    )
    .openapi(listImpersonation, async (c) =>
      c.json(await reports.listImpersonation(entitled(c).userId, c.req.valid('query')), 200),
    )
    .openapi(getImpersonation, async (c) =>
      c.json(await reports.getImpersonation(entitled(c).userId, c.req.valid('param').id), 200),
    );
}
