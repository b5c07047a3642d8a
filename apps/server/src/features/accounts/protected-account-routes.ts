// /api/accounts/*: the creator's accounts on each platform — list, add, edit, delete — and the
// ownership check. Sign-in and the set-up entitlement are checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  addProtectedAccountSchema,
  editProtectedAccountSchema,
  ownershipCheckSchema,
  protectedAccountListSchema,
  protectedAccountSchema,
} from '@shark/contracts/accounts.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { ProtectedAccountService } from './protected-account-service.ts';

type AccountsEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const guarded = {
  401: error('Not signed in'),
  403: error(
    'Not entitled to the protection set-up (FORBIDDEN), or the plan’s username limit is reached (PLAN_LIMIT_REACHED)',
  ),
};
const withInput = { ...guarded, 400: error('Invalid input; `fields` names each bad field') };
const tags = ['Accounts'];
const idParams = z.object({ id: z.string() });

const list = createRoute({
  method: 'get',
  path: '/accounts',
  tags,
  summary: "The creator's accounts, in the order they were added",
  responses: { 200: json(protectedAccountListSchema, 'The accounts'), ...guarded },
});

const add = createRoute({
  method: 'post',
  path: '/accounts',
  tags,
  summary:
    'Add an account: a username, "@name", "u/name" or profile link (for a website, its address)',
  request: { body: body(addProtectedAccountSchema) },
  responses: {
    201: json(protectedAccountSchema, 'The new account, with its ownership code'),
    ...withInput,
    409: error('The creator has this account on this platform already'),
  },
});

const edit = createRoute({
  method: 'patch',
  path: '/accounts/{id}',
  tags,
  summary: 'Change the username (which resets the ownership proof) or the old-account flag',
  request: { params: idParams, body: body(editProtectedAccountSchema) },
  responses: {
    200: json(protectedAccountSchema, 'The account'),
    ...withInput,
    404: error('No such account of this creator'),
    409: error('The creator has this account on this platform already'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/accounts/{id}',
  tags,
  summary: 'Delete an account',
  request: { params: idParams },
  responses: {
    204: { description: 'Deleted' },
    ...guarded,
    404: error('No such account of this creator'),
  },
});

const verify = createRoute({
  method: 'post',
  path: '/accounts/{id}/verify',
  tags,
  summary: "Fetch the profile and look for the account's ownership code; verified when it is there",
  request: { params: idParams },
  responses: {
    200: json(ownershipCheckSchema, 'What the check found, and the account as it is now'),
    ...guarded,
    404: error('No such account of this creator'),
    409: error('The username changed during the check'),
    429: error('Checked too recently; Retry-After says when to try again'),
  },
});

export function protectedAccountRoutes(deps: {
  auth: Auth;
  accounts: ProtectedAccountService;
  entitlements: Entitlements;
}) {
  const { accounts } = deps;
  const app = new OpenAPIHono<AccountsEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/accounts/*',
    createMiddleware<AccountsEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      c.set('entitled', await deps.entitlements.require(user.id, 'setup'));
      await next();
    }),
  );
  const userId = (c: { get: (key: 'entitled') => Entitled }) => c.get('entitled').userId;
  return app
    .openapi(list, async (c) => c.json(await accounts.list(userId(c)), 200))
    .openapi(add, async (c) =>
      c.json(await accounts.add(c.get('entitled'), c.get('brand').id, c.req.valid('json')), 201),
    )
    .openapi(edit, async (c) =>
      c.json(await accounts.edit(userId(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(remove, async (c) => {
      await accounts.remove(userId(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(verify, async (c) =>
      c.json(await accounts.verify(userId(c), c.req.valid('param').id), 200),
    );
}
