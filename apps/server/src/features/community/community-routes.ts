// /api/community: the posts operators published and the brand's community channels, for every
// signed-in user (affiliate-only users included).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { communityPageSchema, communityQuerySchema } from '@shark/contracts/community.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { CommunityService } from './community-service.ts';

const page = createRoute({
  method: 'get',
  path: '/community',
  tags: ['Community'],
  summary:
    'Announcements and resources (pinned first, then newest), a page at a time, with the brand’s channels',
  request: { query: communityQuerySchema },
  responses: {
    200: json(communityPageSchema, 'A page of posts and the channels'),
    400: error('Invalid page number'),
    401: error('Not signed in'),
  },
});

export function communityRoutes(deps: { auth: Auth; community: CommunityService }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before the query is read.
  app.use(
    '/community',
    createMiddleware<AppEnv>(async (c, next) => {
      await requireSessionUser(deps.auth, c);
      await next();
    }),
  );
  return app.openapi(page, async (c) =>
    c.json(await deps.community.page(c.req.valid('query').page, c.get('brand')), 200),
  );
}
