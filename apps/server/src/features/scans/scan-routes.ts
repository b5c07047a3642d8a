// /api/scans: "Scan now", the latest scans and the live progress of one; /api/onboarding/free-scan:
// the free scan before payment and its results.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { freeScanResultSchema } from '@shark/contracts/findings.ts';
import { scanListSchema, scanSchema, startScanSchema } from '@shark/contracts/scans.ts';
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
import type { ScanService } from './scan-service.ts';

const tags = ['Scans'];
const signedIn = { 401: error('Not signed in') };

const list = createRoute({
  method: 'get',
  path: '/scans',
  tags,
  summary: 'The latest scans with their progress, the next scheduled one and this month’s use',
  responses: {
    200: json(scanListSchema, 'The scans, newest first'),
    ...signedIn,
    403: error('Not entitled to scans (FORBIDDEN)'),
  },
});

const start = createRoute({
  method: 'post',
  path: '/scans',
  tags,
  summary: 'Scan now',
  request: { body: body(startScanSchema) },
  responses: {
    201: json(scanSchema, 'The scan, queued'),
    ...signedIn,
    403: error(
      'Not entitled to scans (FORBIDDEN), or the plan’s scans a month are used (PLAN_LIMIT_REACHED)',
    ),
    409: error('A scan is already running'),
  },
});

const one = createRoute({
  method: 'get',
  path: '/scans/{id}',
  tags,
  summary: 'One scan and its live progress: tasks per stage and state, sources used, latest errors',
  request: { params: z.object({ id: z.string().max(200) }) },
  responses: {
    200: json(scanSchema, 'The scan'),
    ...signedIn,
    404: error('No such scan of this creator'),
  },
});

const freeResult = createRoute({
  method: 'get',
  path: '/onboarding/free-scan',
  tags,
  summary: 'The free scan’s results (scan null before it starts)',
  responses: {
    200: json(freeScanResultSchema, 'The results so far'),
    ...signedIn,
    403: error('Affiliate accounts have no free scan'),
  },
});

const freeStart = createRoute({
  method: 'post',
  path: '/onboarding/free-scan',
  tags,
  summary:
    'Start the free scan of the usernames entered in onboarding (bounded in time and queries)',
  request: { body: body(startScanSchema) },
  responses: {
    202: json(freeScanResultSchema, 'The scan, started'),
    ...signedIn,
    400: error('No username entered yet'),
    403: error('Affiliate accounts have no free scan'),
    409: error('The free scan already ran (or a scan is running)'),
  },
});

export function scanRoutes(deps: { auth: Auth; scans: ScanService }) {
  const { scans } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });
  const creator = async (c: Parameters<typeof requireSessionUser>[1]) => {
    const user = await requireSessionUser(deps.auth, c);
    if (user.isAffiliateOnly) throw new AppError('FORBIDDEN', 'Affiliate accounts have no scans.');
    return user;
  };
  return app
    .openapi(list, async (c) => c.json(await scans.list((await creator(c)).id), 200))
    .openapi(start, async (c) => c.json(await scans.startManual((await creator(c)).id), 201))
    .openapi(one, async (c) =>
      c.json(await scans.get((await creator(c)).id, c.req.valid('param').id), 200),
    )
    .openapi(freeResult, async (c) => c.json(await scans.freeResult((await creator(c)).id), 200))
    .openapi(freeStart, async (c) => c.json(await scans.startFree((await creator(c)).id), 202));
}
