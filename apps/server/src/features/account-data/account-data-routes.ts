// /api/account/*: the signed-in creator's export of all her data, and the deletion of her account.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  accountDataInfoSchema,
  deleteAccountRequestSchema,
  deleteAccountResultSchema,
} from '@shark/contracts/account-data.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { indicatorCookie } from '#server/features/auth/session-cookies.ts';
import type { AccountDataService } from './account-data-service.ts';

const tags = ['Account data'];
const signedIn = { 401: error('Not signed in') };

const info = createRoute({
  method: 'get',
  path: '/account/data',
  tags,
  summary: 'How the creator confirms the deletion of her account',
  responses: {
    200: json(accountDataInfoSchema, 'Password or e-mail, and the text to type'),
    ...signedIn,
  },
});

const exportData = createRoute({
  method: 'get',
  path: '/account/export',
  tags,
  summary:
    'Every record Shark keeps about the creator, as one JSON document (a download, streamed)',
  responses: {
    200: {
      description: 'The JSON document',
      content: { 'application/json': { schema: z.string() } },
    },
    ...signedIn,
  },
});

const exportArchive = createRoute({
  method: 'get',
  path: '/account/archive',
  tags,
  summary:
    'Everything in one ZIP download, streamed: data.json (the JSON document), her uploaded content and the notices sent for her, with files.json naming each file',
  responses: {
    200: {
      description: 'The ZIP archive',
      content: { 'application/zip': { schema: z.string() } },
    },
    ...signedIn,
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/account',
  tags,
  summary:
    'Delete the account: her files and every record of hers; a running subscription is cancelled now; she is signed out',
  request: { body: body(deleteAccountRequestSchema) },
  responses: {
    200: json(deleteAccountResultSchema, 'Deleted and signed out'),
    400: error('Confirmation text, password or e-mail missing or wrong'),
    ...signedIn,
  },
});

type AccountDataEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

export function accountDataRoutes(deps: {
  auth: Auth;
  accountData: AccountDataService;
  secureCookies: boolean;
  logger: Logger;
}) {
  const { accountData } = deps;
  const app = new OpenAPIHono<AccountDataEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before any input is read.
  const requireUser = createMiddleware<AccountDataEnv>(async (c, next) => {
    c.set('user', await requireSessionUser(deps.auth, c));
    await next();
  });
  for (const path of ['/account', '/account/data', '/account/export', '/account/archive'])
    app.use(path, requireUser);
  // A streamed body, not a JSON value the typed handler could check: documented, then served plainly.
  app.openAPIRegistry.registerPath(exportData);
  app.get('/account/export', async (c) =>
    c.body(await accountData.exportStream(c.get('user').id), 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      // Her own data: never kept by a shared cache.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    }),
  );
  app.openAPIRegistry.registerPath(exportArchive);
  app.get('/account/archive', async (c) =>
    c.body(await accountData.exportArchive(c.get('user').id), 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.zip"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    }),
  );
  return app
    .openapi(info, async (c) => c.json(await accountData.info(c.get('user').id), 200))
    .openapi(remove, async (c) => {
      const result = await accountData.deleteAccount(c.get('user'), c.req.valid('json'));
      // Her sessions went with her user row; the sign-out clears the cookies that named them.
      try {
        const signedOut = await deps.auth.api.signOut({
          headers: c.req.raw.headers,
          asResponse: true,
        });
        for (const cookie of signedOut.headers.getSetCookie())
          c.header('set-cookie', cookie, { append: true });
      } catch (error) {
        // The account is gone either way; a stale cookie names no session and is refused.
        deps.logger.warn('sign-out after account deletion failed', {
          err: safeErrorMessage(error),
        });
      }
      c.header('set-cookie', indicatorCookie(false, deps.secureCookies), { append: true });
      return c.json(result, 200);
    });
}
