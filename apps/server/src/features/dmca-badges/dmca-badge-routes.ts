// GET /api/badges/mine (signed in) and GET /api/badges/{publicId} (anyone).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  badgePublicIdSchema,
  myBadgeSchema,
  publicBadgeSchema,
} from '@shark/contracts/dmca-badges.ts';
import { apiErrorSchema } from '@shark/contracts/http.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { requireSessionUser } from '#server/http/session.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { BadgeService } from './dmca-badge-service.ts';

const errors = {
  400: {
    description: 'Invalid request',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  404: { description: 'Not found', content: { 'application/json': { schema: apiErrorSchema } } },
};

const mineRoute = createRoute({
  method: 'get',
  path: '/badges/mine',
  summary: "The signed-in creator's DMCA badge",
  responses: {
    200: { description: 'The badge', content: { 'application/json': { schema: myBadgeSchema } } },
    401: {
      description: 'Not signed in',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  },
});

const publicRoute = createRoute({
  method: 'get',
  path: '/badges/{publicId}',
  summary: 'Whether the creator behind a badge is protected (public)',
  request: { params: z.object({ publicId: z.string() }) },
  responses: {
    200: {
      description: 'Protection status',
      content: { 'application/json': { schema: publicBadgeSchema } },
    },
    ...errors,
  },
});

export function badgeRoutes(deps: { auth: Auth; badges: BadgeService }) {
  return new OpenAPIHono<AppEnv>()
    .openapi(mineRoute, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await deps.badges.mine(user.id, c.get('brand')), 200);
    })
    .openapi(publicRoute, async (c) => {
      const parsed = badgePublicIdSchema.safeParse(c.req.param('publicId'));
      // A malformed id cannot belong to anyone: the same answer as an unknown one.
      if (!parsed.success) throw new AppError('NOT_FOUND', 'This badge does not exist.');
      return c.json(await deps.badges.publicView(parsed.data, c.get('brand')), 200);
    });
}
