// GET /api/scan-sources: which discovery sources are on (and why the others are off), their daily
// quotas and today's use, and the site catalog scanned without a key. Any signed-in user may ask:
// it says nothing about other users.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { scanSourcesSchema } from '@shark/contracts/scans.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { ScanSourceService } from './scan-source-service.ts';

const list = createRoute({
  method: 'get',
  path: '/scan-sources',
  tags: ['Scans'],
  summary:
    'The discovery sources: on or off (with the reason), daily quota and use; the site catalog by kind',
  responses: {
    200: json(scanSourcesSchema, 'The sources and the catalog'),
    401: error('Not signed in'),
  },
});

export function scanSourceRoutes(deps: { auth: Auth; sources: Pick<ScanSourceService, 'status'> }) {
  return new OpenAPIHono<AppEnv>().openapi(list, async (c) => {
    await requireSessionUser(deps.auth, c);
    return c.json(await deps.sources.status(), 200);
  });
}
