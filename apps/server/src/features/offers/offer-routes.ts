// /api/custom-offers/*: an offer as its public link shows it (no sign-in), and claiming it (sign-in).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  claimOfferResultSchema,
  customOfferIdSchema,
  publicOfferSchema,
} from '@shark/contracts/offers.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { OfferService } from './offer-service.ts';

type OfferEnv = { Variables: AppEnv['Variables'] & { sessionUser: SessionUser } };

const tags = ['Custom offers'];
const params = z.object({ customOfferId: customOfferIdSchema });

const show = createRoute({
  method: 'get',
  path: '/custom-offers/{customOfferId}',
  tags,
  summary:
    'A custom offer as its link shows it, with its state (active, expired, revoked, used_up); no sign-in',
  request: { params },
  responses: { 200: json(publicOfferSchema, 'The offer'), 404: error('No offer with this id') },
});

const claim = createRoute({
  method: 'post',
  path: '/custom-offers/{customOfferId}/claim',
  tags,
  summary:
    'Claim the offer for the signed-in user: a free offer is granted at once, a paid one is reserved and payment comes next',
  request: { params },
  responses: {
    200: json(
      claimOfferResultSchema,
      'The claim (her earlier one when she claimed before) and what comes next',
    ),
    401: error('Not signed in'),
    404: error('No offer with this id'),
    409: error(
      'The offer has expired, was withdrawn or was already claimed; the message says which',
    ),
  },
});

export function offerRoutes(deps: { auth: Auth; offers: OfferService }) {
  const { offers } = deps;
  const app = new OpenAPIHono<OfferEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before the id is read: a signed-out claim is a 401 whatever it names.
  app.use(
    '/custom-offers/:customOfferId/claim',
    createMiddleware<OfferEnv>(async (c, next) => {
      c.set('sessionUser', await requireSessionUser(deps.auth, c));
      await next();
    }),
  );
  return app
    .openapi(show, async (c) =>
      c.json(await offers.getPublic(c.req.valid('param').customOfferId), 200),
    )
    .openapi(claim, async (c) => {
      return c.json(
        await offers.claim(c.get('sessionUser'), c.req.valid('param').customOfferId),
        200,
      );
    });
}
