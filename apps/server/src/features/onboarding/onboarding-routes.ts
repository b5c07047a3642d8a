// /api/onboarding/*: the creator's first usernames (the accounts contract, through the accounts
// service), and POST /api/onboarding/complete. The first search terms go through the search-term
// routes mounted under /api/onboarding (see http/app.ts). Every route but `complete` uses the
// onboarding entitlement: open until onboarding is complete, with the tier's limits.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  addProtectedAccountSchema,
  protectedAccountListSchema,
  protectedAccountSchema,
  type ProtectedAccount,
  type ProtectedAccountList,
} from '@shark/contracts/accounts.ts';
import { onboardingCompletionSchema } from '@shark/contracts/onboarding.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import type { OnboardingService } from './onboarding-service.ts';

/** What onboarding needs of the accounts feature (its service fits this shape). */
export interface OnboardingAccounts {
  list(userId: string): Promise<ProtectedAccountList>;
  add(
    entitled: Entitled,
    brandId: string,
    input: z.output<typeof addProtectedAccountSchema>,
  ): Promise<ProtectedAccount>;
  remove(userId: string, id: string): Promise<void>;
}

type OnboardingEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const tags = ['Onboarding'];
const guarded = {
  401: error('Not signed in'),
  403: error(
    'Onboarding is complete, the user is affiliate-only (FORBIDDEN), or the tier’s username limit is reached (PLAN_LIMIT_REACHED)',
  ),
};

const complete = createRoute({
  method: 'post',
  path: '/onboarding/complete',
  tags,
  summary: 'Mark onboarding complete (GET /api/user then says needsOnboarding: false)',
  responses: {
    200: json(onboardingCompletionSchema, 'When onboarding was completed'),
    401: error('Not signed in'),
    403: error('Affiliate-only accounts have no onboarding'),
  },
});

const listAccounts = createRoute({
  method: 'get',
  path: '/onboarding/accounts',
  tags,
  summary: 'The usernames added so far (as GET /api/accounts)',
  responses: { 200: json(protectedAccountListSchema, 'The accounts'), ...guarded },
});

const addAccount = createRoute({
  method: 'post',
  path: '/onboarding/accounts',
  tags,
  summary: 'Add a username during onboarding (as POST /api/accounts), within the tier’s limit',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: addProtectedAccountSchema } },
    },
  },
  responses: {
    201: json(protectedAccountSchema, 'The new account'),
    ...guarded,
    400: error('Invalid input; `fields` names each bad field'),
    409: error('The creator has this account on this platform already'),
  },
});

const removeAccount = createRoute({
  method: 'delete',
  path: '/onboarding/accounts/{id}',
  tags,
  summary: 'Remove a username added by mistake during onboarding',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    204: { description: 'Deleted' },
    ...guarded,
    404: error('No such account of this creator'),
  },
});

export function onboardingRoutes(deps: {
  auth: Auth;
  onboarding: OnboardingService;
  accounts: OnboardingAccounts;
}) {
  const { accounts } = deps;
  const app = new OpenAPIHono<OnboardingEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/onboarding/accounts/*',
    createMiddleware<OnboardingEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      c.set('entitled', await deps.onboarding.entitle(user));
      await next();
    }),
  );
  return app
    .openapi(complete, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await deps.onboarding.complete(user), 200);
    })
    .openapi(listAccounts, async (c) => c.json(await accounts.list(c.get('entitled').userId), 200))
    .openapi(addAccount, async (c) =>
      c.json(await accounts.add(c.get('entitled'), c.get('brand').id, c.req.valid('json')), 201),
    )
    .openapi(removeAccount, async (c) => {
      await accounts.remove(c.get('entitled').userId, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
