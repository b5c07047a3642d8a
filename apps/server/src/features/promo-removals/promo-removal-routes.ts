// /api/promo-removals: Free Removals (/promo-protect). Sign-in, then the page's guard (feature
// promoProtect) are checked before any input is read; another account's removal is a 404.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  freeRemovalSchema,
  freeRemovalsSchema,
  reportFreeRemovalResultSchema,
  reportFreeRemovalSchema,
} from '@shark/contracts/promo-removals.ts';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { PromoRemovalService } from './promo-removal-service.ts';

type PromoEnv = { Variables: AppEnv['Variables'] & { promoUserId: string } };

const tags = ['Free Removals'];
const guard = {
  401: error('Not signed in'),
  403: error('The account does not have Free Removals (promoProtect)'),
};

const list = createRoute({
  method: 'get',
  path: '/promo-removals',
  tags,
  summary: 'Her free removals allowance (limit, used, left) and every free removal, newest first',
  responses: { 200: json(freeRemovalsSchema, 'The allowance and the removals'), ...guard },
});

const report = createRoute({
  method: 'post',
  path: '/promo-removals',
  tags,
  summary: 'Report one address to be taken down as a free removal',
  description:
    'The address is judged like a Report Leaks address, refused when her whitelist covers it (400) or she reported it ' +
    'before (409), then spends one removal and is queued to be fetched and matched against her files; its confirmed ' +
    'finding opens a takedown through the normal enforcement path (notices go out once her agent authorisation is ' +
    'signed). With no removal left: 403 PLAN_LIMIT_REACHED and nothing is saved. A report that ends without a ' +
    'finding (not a page of the public web, or a check that failed on our side) gives its removal back. ' +
    '`ownershipConfirmed` must be `true`.',
  request: { body: body(reportFreeRemovalSchema) },
  responses: {
    201: json(reportFreeRemovalResultSchema, 'The removal made and the allowance after it'),
    400: error('Invalid input; `fields` names each bad field'),
    401: error('Not signed in'),
    403: error('No promoProtect (FORBIDDEN), or no free removal left (PLAN_LIMIT_REACHED)'),
    409: error('She reported this address before'),
  },
});

const get = createRoute({
  method: 'get',
  path: '/promo-removals/{id}',
  tags,
  summary: 'One free removal, from her report to the confirmed takedown',
  request: { params: z.object({ id: z.string().max(200) }) },
  responses: {
    200: json(freeRemovalSchema, 'The removal'),
    ...guard,
    404: error('No such free removal of this creator'),
  },
});

export function promoRemovalRoutes(deps: {
  auth: Auth;
  entitlements: Pick<Entitlements, 'requirePromo'>;
  promoRemovals: PromoRemovalService;
}) {
  const { promoRemovals } = deps;
  const app = new OpenAPIHono<PromoEnv>({ defaultHook: throwOnInvalid });
  const promoOnly = createMiddleware<PromoEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    c.set('promoUserId', (await deps.entitlements.requirePromo(user.id)).userId);
    await next();
  });
  app.use('/promo-removals', promoOnly);
  app.use('/promo-removals/*', promoOnly);
  return app
    .openapi(list, async (c) => c.json(await promoRemovals.list(c.get('promoUserId')), 200))
    .openapi(report, async (c) =>
      c.json(await promoRemovals.report(c.get('promoUserId'), c.req.valid('json')), 201),
    )
    .openapi(get, async (c) =>
      c.json(await promoRemovals.get(c.get('promoUserId'), c.req.valid('param').id), 200),
    );
}
