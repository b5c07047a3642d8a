// GET /api/user: the signed-in user with the flags the SPA's guards and sidebar read.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { userSchema } from '@shark/contracts/user.ts';
import { apiErrorSchema } from '@shark/contracts/http.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { indicatorCookie } from '#server/features/auth/session-cookies.ts';
import { findSessionUser } from '#server/http/session.ts';
import type { AccountService } from './account-service.ts';
import type { AccountState } from './account-state-repository.ts';

const route = createRoute({
  method: 'get',
  path: '/user',
  summary: 'The signed-in user',
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: userSchema } } },
    401: {
      description: 'Not signed in',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  },
});

export function userRoutes(deps: {
  auth: Auth;
  accounts: AccountService;
  secureCookies: boolean;
  /** The upgrade her usage suggests (see entitlements' usageUpgradeSuggestion); null when none. */
  usageSuggestion: (userId: string, state: AccountState) => Promise<string | null>;
}) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const user = await findSessionUser(deps.auth, c);
    // The session's copy of the user may be a minute old: her name, address and state come from one read.
    const profile = user ? await deps.accounts.getProfile(user.id) : null;
    if (!user || !profile) {
      // The indicator is stale: drop it so the SPA stops asking.
      c.header('set-cookie', indicatorCookie(false, deps.secureCookies), { append: true });
      const error = new AppError('UNAUTHORIZED', 'Please sign in.');
      return c.json(error.toBody(), 401);
    }
    const { user: answer, state } = profile;
    // An operator's own words come first; otherwise a subscriber who has outgrown a limit is told which plan has more.
    if (
      !answer.shouldShowUpgrade &&
      answer.frontendStatus === 'subscribed' &&
      !answer.isAffiliateOnly
    ) {
      const suggestion = await deps.usageSuggestion(user.id, state);
      if (suggestion)
        return c.json(
          { ...answer, shouldShowUpgrade: true, suggestUpgradeCustomMessage: suggestion },
          200,
        );
    }
    return c.json(answer, 200);
  });
}
