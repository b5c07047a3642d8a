// The access rules as the router applies them: every protected route of the generated tree, its
// layout and its own beforeLoad, over every status × feature set × affiliate flag.
import {
  FRONTEND_STATUSES,
  SPECIAL_FEATURES,
  type FrontendStatus,
  type SpecialFeature,
  type User,
} from '@shark/contracts/user.ts';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRouter,
  isRedirect,
  type AnyRoute,
} from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';
import {
  ACCESS_RULES,
  PROTECTED_ROUTE_RULES,
  isAccessAllowed,
  isAffiliatePath,
} from '#app/lib/require-access.ts';
import { routeTree } from '#app/route-tree.gen.ts';
import { userWith } from '#app/testing/user-with.ts';

// --- The expected rules, written out again here on purpose: the code under test must agree. ---

type Outcome = 'allowed' | '/sign-in' | '/plans?reason=authorization_required' | '/refer';

const isSubscribed = (user: User) => user.frontendStatus === 'subscribed';
const has = (user: User, feature: SpecialFeature) =>
  user.effectiveSpecialFeatures.includes(feature);

/** Who may open each page; every protected route not listed needs sign-in only. */
const EXPECTED_RULES: Record<string, (user: User) => boolean> = {
  '/dmca-badges': isSubscribed,
  '/file-uploads': isSubscribed,
  '/takedown-report': isSubscribed,
  // Subscribed; the API refuses plans without deep fake protection, and the page says so.
  '/likeness': isSubscribed,
  '/whitelist': (user) => isSubscribed(user) || has(user, 'promoProtect'),
  '/search-terms': (user) => isSubscribed(user) || has(user, 'promoProtect'),
  '/brands': (user) => isSubscribed(user) || has(user, 'promoProtect'),
  '/branches': (user) => isSubscribed(user) || has(user, 'promoProtect'),
  '/report-leaks': (user) => isSubscribed(user) && has(user, 'submitLeak'),
  '/report-impersonation': (user) => isSubscribed(user) && has(user, 'impersonation'),
  '/promo-protect': (user) => has(user, 'promoProtect'),
  '/good-to-know': (user) =>
    user.frontendStatus === 'subscribed' || user.frontendStatus === 'former',
};

/** The protected routes, as URLs (the /refer/ index is reached as /refer). */
const EXPECTED_PROTECTED_PATHS = [
  '/claim-offer',
  '/onboarding',
  '/renew',
  '/dashboard',
  '/good-to-know',
  '/promo-protect',
  '/report-impersonation',
  '/report-leaks',
  '/takedown-report',
  '/branches',
  '/brands',
  '/file-uploads',
  '/search-terms',
  '/whitelist',
  '/dmca-badges',
  '/likeness',
  '/risk-registry',
  '/account',
  '/community',
  '/notifications',
  '/plans',
  '/marketing/social-share',
  '/marketing/welcome-package',
  '/refer',
  '/refer/tips',
  '/refer/refer-aff-tos',
  '/support',
  '/support/new',
  '/support/$id',
];

/** Affiliate-only users stay under /refer, /account, /plans, /notifications, /community, /support. */
const AFFILIATE_ALLOWED = new Set([
  '/refer',
  '/refer/tips',
  '/refer/refer-aff-tos',
  '/account',
  '/plans',
  '/notifications',
  '/community',
  '/support',
  '/support/new',
  '/support/$id',
]);

function expectedOutcome(path: string, user: User): Outcome {
  if (user.isAffiliateOnly && !AFFILIATE_ALLOWED.has(path)) return '/refer';
  const rule = EXPECTED_RULES[path];
  return rule === undefined || rule(user) ? 'allowed' : '/plans?reason=authorization_required';
}

// --- Users ---

/** Every subset of the special features. */
function featureSets(): SpecialFeature[][] {
  return Array.from({ length: 2 ** SPECIAL_FEATURES.length }, (_, mask) =>
    SPECIAL_FEATURES.filter((_, bit) => (mask & (1 << bit)) !== 0),
  );
}

const USERS: User[] = FRONTEND_STATUSES.flatMap((frontendStatus: FrontendStatus) =>
  featureSets().flatMap((effectiveSpecialFeatures) =>
    [false, true].map((isAffiliateOnly) =>
      userWith({ frontendStatus, effectiveSpecialFeatures, isAffiliateOnly }),
    ),
  ),
);

function describeUser(user: User): string {
  const features = user.effectiveSpecialFeatures.join('+') || 'no features';
  return `${user.frontendStatus}, ${features}${user.isAffiliateOnly ? ', affiliate-only' : ''}`;
}

// --- Running the real routes ---

const router = createRouter({
  routeTree,
  history: createMemoryHistory(),
  context: { queryClient: new QueryClient() },
});

function chainOf(route: AnyRoute): AnyRoute[] {
  const chain: AnyRoute[] = [];
  for (let current: AnyRoute | undefined = route; current; current = current.parentRoute) {
    chain.unshift(current);
  }
  return chain;
}

const allRoutes = Object.values(router.routesById) as AnyRoute[];
const protectedRoutes = allRoutes.filter((route) =>
  chainOf(route).some((ancestor) => ancestor.id === '/_app' && ancestor !== route),
);

/** The URL a route is visited at: its full path without the index's trailing slash. */
function urlOf(route: AnyRoute): string {
  const fullPath = route.fullPath as string;
  return fullPath.length > 1 && fullPath.endsWith('/') ? fullPath.slice(0, -1) : fullPath;
}

function redirectTarget(error: unknown): string {
  if (!isRedirect(error)) throw error;
  const { to, href, search } = error.options as {
    to?: string;
    href?: string;
    search?: Record<string, string>;
  };
  if (href !== undefined) return href;
  const query = search && to !== '/sign-in' ? `?${new URLSearchParams(search).toString()}` : '';
  return `${to ?? ''}${query}`;
}

type BeforeLoad = (context: unknown) => unknown;

/** Runs each beforeLoad from the root down, merging what each returns into the context, as the router does. */
async function visit(route: AnyRoute, queryClient: QueryClient): Promise<string> {
  const pathname = urlOf(route);
  let context: Record<string, unknown> = { queryClient };
  try {
    // The root's beforeLoad only loads the brand; the guard starts at the protected layout.
    for (const step of chainOf(route).filter((ancestor) => !ancestor.isRoot)) {
      const beforeLoad = (step.options as { beforeLoad?: BeforeLoad }).beforeLoad;
      if (!beforeLoad) continue;
      const added = await beforeLoad({
        context,
        location: { pathname, href: pathname, search: {}, searchStr: '', hash: '' },
        params: {},
        search: {},
        cause: 'enter',
        preload: false,
      });
      if (added && typeof added === 'object') context = { ...context, ...added };
    }
    return 'allowed';
  } catch (error) {
    return redirectTarget(error);
  }
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

let cookie = '';
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  cookie = 'shark_logged_in=1';
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      if (value.includes('Max-Age=0')) cookie = '';
    },
  });
  // Only the brand (root beforeLoad) and, where a test says so, the user are fetched.
  fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no' }), { status: 404 }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function clientWith(user: User): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(userQueryOptions.queryKey, user);
  return queryClient;
}

// --- Tests ---

describe('the route table', () => {
  it('lists exactly the protected routes of the generated route tree', () => {
    const inTree = protectedRoutes.map((route) => route.fullPath as string).sort();
    expect(Object.keys(PROTECTED_ROUTE_RULES).sort()).toEqual(inTree);
  });

  it('covers every protected route, and no other', () => {
    expect(protectedRoutes.map(urlOf).sort()).toEqual([...EXPECTED_PROTECTED_PATHS].sort());
  });

  it('puts no public route behind the protected layout', () => {
    const publicPaths = allRoutes
      .filter((route) => !protectedRoutes.includes(route))
      .map((route) => route.fullPath as string);
    expect(publicPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/sign-in',
        '/sign-up',
        '/reset/',
        '/reset/$token',
        '/auth-redirect',
        '/custom-offer/$customOfferId',
        '/email-settings/verification/$token',
        '/email-settings/subscription/$token',
        '/verified/$badgeId',
      ]),
    );
  });

  it('names a rule that agrees with the expected one for every route and user', () => {
    for (const [path, ruleName] of Object.entries(PROTECTED_ROUTE_RULES)) {
      const url = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      for (const user of USERS.filter((candidate) => !candidate.isAffiliateOnly)) {
        const expected = expectedOutcome(url, user) === 'allowed';
        expect(
          isAccessAllowed(user, ACCESS_RULES[ruleName]),
          `${path} for ${describeUser(user)}`,
        ).toBe(expected);
      }
    }
  });
});

describe('each protected route, as the router runs it', () => {
  it(`gives every route × ${USERS.length} users the expected outcome`, async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of protectedRoutes) {
      for (const user of USERS) {
        const expected = expectedOutcome(urlOf(route), user);
        const actual = await visit(route, clientWith(user));
        checked += 1;
        if (actual !== expected) {
          mismatches.push(
            `${urlOf(route)} for ${describeUser(user)}: ${actual}, expected ${expected}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(EXPECTED_PROTECTED_PATHS.length * USERS.length);
  });

  it('sends a visitor without the logged-in cookie to sign in, without asking the API', async () => {
    cookie = '';
    for (const route of protectedRoutes) {
      expect(await visit(route, new QueryClient()), urlOf(route)).toBe('/sign-in');
    }
    const userCalls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/user');
    expect(userCalls).toEqual([]);
  });

  it('sends a user whose session is gone to sign in and drops the stale cookie', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input) === '/api/user'
          ? new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Sign in.' }), {
              status: 401,
            })
          : new Response('{}', { status: 404 }),
      ),
    );
    const dashboard = protectedRoutes.find((route) => route.fullPath === '/dashboard');
    expect(dashboard).toBeDefined();
    expect(await visit(dashboard as AnyRoute, new QueryClient())).toBe('/sign-in');
    expect(cookie).toBe('');
  });

  it('fetches the user once for the layout and the page together', async () => {
    const user = userWith({ frontendStatus: 'subscribed' });
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input) === '/api/user'
          ? new Response(JSON.stringify(user), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    );
    const badges = protectedRoutes.find((route) => route.fullPath === '/dmca-badges');
    expect(await visit(badges as AnyRoute, new QueryClient())).toBe('allowed');
    const userCalls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/user');
    expect(userCalls).toHaveLength(1);
  });
});

describe('isAffiliatePath', () => {
  it('agrees with the affiliate pages for every protected route', () => {
    for (const path of EXPECTED_PROTECTED_PATHS) {
      expect(isAffiliatePath(path), path).toBe(AFFILIATE_ALLOWED.has(path));
    }
  });
});
