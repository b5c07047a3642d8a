// /api/search-terms/*: the creator's search terms and the suggestions made from their usernames.
// Sign-in and the entitlement are checked before any input is read. The same routes are mounted
// under /api/onboarding with onboarding's entitlement (see features/onboarding).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  acceptSuggestionsResultSchema,
  acceptSuggestionsSchema,
  createSearchTermSchema,
  refreshSuggestionsResultSchema,
  searchTermListSchema,
  searchTermSchema,
  updateSearchTermSchema,
} from '@shark/contracts/search-terms.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import type { SearchTermService } from './search-term-service.ts';

type SearchTermEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const guarded = {
  401: error('Not signed in'),
  403: error(
    'Not entitled to the protection set-up, or the plan’s search-term limit is reached (PLAN_LIMIT_REACHED)',
  ),
};
const withInput = { ...guarded, 400: error('Invalid input; `fields` names each bad field') };
const withId = { ...guarded, 404: error('No such search term of this creator') };
const idParams = z.object({ id: z.string() });
const tags = ['Search terms'];

const list = createRoute({
  method: 'get',
  path: '/search-terms',
  tags,
  summary: 'Active and suggested search terms (dismissed ones are only counted)',
  responses: { 200: json(searchTermListSchema, 'The terms'), ...guarded },
});

const create = createRoute({
  method: 'post',
  path: '/search-terms',
  tags,
  summary: 'Add a search term; a suggested or dismissed text becomes active',
  request: { body: body(createSearchTermSchema) },
  responses: {
    201: json(searchTermSchema, 'The new term'),
    ...withInput,
    409: error('The creator already searches for this text'),
  },
});

const update = createRoute({
  method: 'patch',
  path: '/search-terms/{id}',
  tags,
  summary: 'Change an active term’s text or sources',
  request: { params: idParams, body: body(updateSearchTermSchema) },
  responses: {
    200: json(searchTermSchema, 'The term'),
    ...withInput,
    ...withId,
    409: error('Another term has this text, or the term is still a suggestion'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/search-terms/{id}',
  tags,
  summary: 'Delete a term (one that came from a suggestion is remembered as dismissed)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...withId },
});

const accept = createRoute({
  method: 'post',
  path: '/search-terms/{id}/accept',
  tags,
  summary:
    'Accept a suggestion (or undo a dismissal): it becomes active and counts against the limit',
  request: { params: idParams },
  responses: { 200: json(searchTermSchema, 'The active term'), ...withId },
});

const acceptMany = createRoute({
  method: 'post',
  path: '/search-terms/accept',
  tags,
  summary: 'Accept suggestions in the order given, as many as the plan allows',
  request: { body: body(acceptSuggestionsSchema) },
  responses: {
    200: json(acceptSuggestionsResultSchema, 'What was accepted and what was left'),
    ...withInput,
    ...withId,
  },
});

const dismiss = createRoute({
  method: 'post',
  path: '/search-terms/{id}/dismiss',
  tags,
  summary: 'Dismiss a suggestion: hidden, and not suggested again',
  request: { params: idParams },
  responses: {
    204: { description: 'Dismissed' },
    ...withId,
    409: error('The term is active: delete it instead'),
  },
});

const refresh = createRoute({
  method: 'post',
  path: '/search-terms/suggestions/refresh',
  tags,
  summary: 'Make suggestions from the creator’s current usernames',
  responses: {
    200: json(refreshSuggestionsResultSchema, 'How many are new, and the terms'),
    ...guarded,
  },
});

export function searchTermRoutes(deps: {
  auth: Auth;
  searchTerms: SearchTermService;
  /** Who may use these routes and with which limits; throws 403 when the user may not. */
  entitle: (user: SessionUser) => Promise<Entitled>;
}) {
  const { searchTerms } = deps;
  const app = new OpenAPIHono<SearchTermEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/search-terms/*',
    createMiddleware<SearchTermEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      c.set('entitled', await deps.entitle(user));
      await next();
    }),
  );
  const userId = (c: { get: (key: 'entitled') => Entitled }) => c.get('entitled').userId;
  return app
    .openapi(list, async (c) => c.json(await searchTerms.list(userId(c)), 200))
    .openapi(create, async (c) =>
      c.json(await searchTerms.add(c.get('entitled'), c.req.valid('json')), 201),
    )
    .openapi(refresh, async (c) => c.json(await searchTerms.refreshSuggestions(userId(c)), 200))
    .openapi(acceptMany, async (c) =>
      c.json(await searchTerms.acceptMany(c.get('entitled'), c.req.valid('json').ids), 200),
    )
    .openapi(update, async (c) =>
      c.json(
        await searchTerms.update(userId(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await searchTerms.remove(userId(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(accept, async (c) =>
      c.json(await searchTerms.accept(c.get('entitled'), c.req.valid('param').id), 200),
    )
    .openapi(dismiss, async (c) => {
      await searchTerms.dismiss(userId(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
