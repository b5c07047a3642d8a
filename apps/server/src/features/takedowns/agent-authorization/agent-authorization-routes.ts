// /api/authorization: the creator's agent authorisation — read it with the text to sign, sign it (a
// verified e-mail required), revoke it. Only her own is ever read or changed.
import { createMiddleware } from 'hono/factory';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  authorizationStateSchema,
  signAuthorizationSchema,
} from '@shark/contracts/agent-authorization.ts';
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
import {
  VERIFIED_EMAIL_REQUIRED,
  type AuthorizationService,
} from './agent-authorization-service.ts';

const tags = ['Enforcement'];

const read = createRoute({
  method: 'get',
  path: '/authorization',
  tags,
  summary: 'The creator’s current agent authorisation (null when none), and the text she signs',
  responses: {
    200: json(authorizationStateSchema, 'The authorisation and the text'),
    401: error('Not signed in'),
  },
});

const sign = createRoute({
  method: 'post',
  path: '/authorization',
  tags,
  summary: 'Sign the agent authorisation (revokes the previous one); notices waiting for it go out',
  request: { body: body(signAuthorizationSchema) },
  responses: {
    200: json(authorizationStateSchema, 'The authorisation as signed'),
    400: error('A field is missing or wrong; the signature must be the legal name'),
    401: error('Not signed in'),
    403: error('The e-mail address is not verified'),
    409: error('This brand has no copyright agent configured'),
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/authorization',
  tags,
  summary:
    'Revoke the agent authorisation: no new notice goes out; notices not sent yet are withdrawn',
  responses: {
    200: json(authorizationStateSchema, 'No authorisation any more'),
    401: error('Not signed in'),
    404: error('There is no authorisation to revoke'),
  },
});

export function authorizationRoutes(deps: { auth: Auth; authorizations: AuthorizationService }) {
  const { authorizations } = deps;
  // Sign-in is checked before the body is read: a signed-out caller gets 401, not a 400 about fields.
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/authorization',
    createMiddleware<AppEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      if (c.req.method === 'POST' && !user.emailVerified)
        throw new AppError('FORBIDDEN', VERIFIED_EMAIL_REQUIRED);
      await next();
    }),
  );
  return app
    .openapi(read, async (c) =>
      c.json(
        await authorizations.state(await requireSessionUser(deps.auth, c), c.get('brand')),
        200,
      ),
    )
    .openapi(sign, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      const state = await authorizations.sign(user, c.get('brand'), c.req.valid('json'), {
        ipAddress: c.get('clientIp'),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return c.json(state, 200);
    })
    .openapi(revoke, async (c) =>
      c.json(
        await authorizations.revoke(await requireSessionUser(deps.auth, c), c.get('brand')),
        200,
      ),
    );
}
