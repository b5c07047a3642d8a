// GET /api/usage: the signed-in user's tier, its limits, and how much of each they use.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { usageSchema } from '@shark/contracts/plans.ts';
import { apiErrorSchema } from '@shark/contracts/http.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { requireSessionUser } from '#server/http/session.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from './entitlements.ts';
import type { UsageRepository } from './usage-repository.ts';

const route = createRoute({
  method: 'get',
  path: '/usage',
  summary: "The signed-in user's plan limits and usage",
  responses: {
    200: {
      description: 'Limits and usage',
      content: { 'application/json': { schema: usageSchema } },
    },
    401: {
      description: 'Not signed in',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  },
});

export function usageRoutes(deps: {
  auth: Auth;
  entitlements: Entitlements;
  usage: UsageRepository;
}) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const user = await requireSessionUser(deps.auth, c);
    const entitled = await deps.entitlements.of(user.id);
    return c.json(
      {
        tier: entitled.tier,
        tierName: entitled.tierName,
        limits: entitled.limits,
        usage: await deps.usage.all(user.id),
      },
      200,
    );
  });
}
