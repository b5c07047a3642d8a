// The access guard for protected routes, written once and called from each route's beforeLoad.
import type { FrontendStatus, SpecialFeature, User } from '@shark/contracts/user.ts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiClientError } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';
import { clearLoggedInCookie, hasLoggedInCookie } from '#app/lib/session-cookie.ts';
import type { FileRoutesById } from '#app/route-tree.gen.ts';

export type AccessCondition = {
  /** The user's status must be one of these, when given. */
  statuses?: readonly FrontendStatus[];
  /** The user must have every one of these, when given. */
  features?: readonly SpecialFeature[];
};

export type AccessRequirement = AccessCondition & {
  /** Grants access on its own when the main condition fails. */
  or?: AccessCondition;
};

/** The access requirements, by name; `signedIn` (no condition) is every other protected page. */
export const ACCESS_RULES = {
  signedIn: {},
  dmcaBadges: { statuses: ['subscribed'] },
  fileUploads: { statuses: ['subscribed'] },
  takedownReport: { statuses: ['subscribed'] },
  whitelist: { statuses: ['subscribed'], or: { features: ['promoProtect'] } },
  searchTerms: { statuses: ['subscribed'], or: { features: ['promoProtect'] } },
  brands: { statuses: ['subscribed'], or: { features: ['promoProtect'] } },
  branches: { statuses: ['subscribed'], or: { features: ['promoProtect'] } },
  reportLeaks: { statuses: ['subscribed'], features: ['submitLeak'] },
  reportImpersonation: { statuses: ['subscribed'], features: ['impersonation'] },
  promoProtect: { features: ['promoProtect'] },
  goodToKnow: { statuses: ['subscribed', 'former'] },
  // Deep fake protection is a Premium perk: the API refuses other plans, and the page says why.
  likeness: { statuses: ['subscribed'] },
} as const satisfies Record<string, AccessRequirement>;

export type AccessRuleName = keyof typeof ACCESS_RULES;

type WithoutLayout<RouteId> = RouteId extends `/_app/${infer Path}` ? `/${Path}` : never;

/** Full paths of the pages under the protected layout, taken from the generated route tree. */
export type ProtectedPath = WithoutLayout<keyof FileRoutesById>;

/**
 * The rule each protected page passes to `requireAccess` in its beforeLoad. Typed by the
 * route tree, so a new page under `_app` does not compile until it is listed here; the unit tests
 * check that each route's beforeLoad really applies its rule.
 */
export const PROTECTED_ROUTE_RULES = {
  '/account': 'signedIn',
  '/branches': 'branches',
  '/brands': 'brands',
  '/claim-offer': 'signedIn',
  '/community': 'signedIn',
  '/dashboard': 'signedIn',
  '/dmca-badges': 'dmcaBadges',
  '/file-uploads': 'fileUploads',
  '/good-to-know': 'goodToKnow',
  '/likeness': 'likeness',
  '/marketing/social-share': 'signedIn',
  '/marketing/welcome-package': 'signedIn',
  '/notifications': 'signedIn',
  '/onboarding': 'signedIn',
  '/plans': 'signedIn',
  '/promo-protect': 'promoProtect',
  '/refer/': 'signedIn',
  '/refer/refer-aff-tos': 'signedIn',
  '/refer/tips': 'signedIn',
  '/renew': 'signedIn',
  '/report-impersonation': 'reportImpersonation',
  '/report-leaks': 'reportLeaks',
  '/risk-registry': 'signedIn',
  '/search-terms': 'searchTerms',
  '/support/': 'signedIn',
  '/support/$id': 'signedIn',
  '/support/new': 'signedIn',
  '/takedown-report': 'takedownReport',
  '/whitelist': 'whitelist',
} as const satisfies Record<ProtectedPath, AccessRuleName>;

/** Where affiliate-only users may go; everything else sends them to /refer. */
export const AFFILIATE_PATHS = [
  '/refer',
  '/account',
  '/plans',
  '/notifications',
  '/community',
  '/support',
];

/** Where the guard sends users (the redirects below build the same URLs from typed routes). */
export const ACCESS_DENIED_HREF = '/plans?reason=authorization_required';
export const AFFILIATE_HOME_HREF = '/refer';

function meetsCondition(user: User, condition: AccessCondition): boolean {
  const hasStatus =
    condition.statuses === undefined || condition.statuses.includes(user.frontendStatus);
  const hasFeatures =
    condition.features === undefined ||
    condition.features.every((feature) => user.effectiveSpecialFeatures.includes(feature));
  return hasStatus && hasFeatures;
}

export function isAccessAllowed(user: User, requirement?: AccessRequirement): boolean {
  if (requirement === undefined) return true;
  if (meetsCondition(user, requirement)) return true;
  return requirement.or !== undefined && meetsCondition(user, requirement.or);
}

export function isAffiliatePath(pathname: string): boolean {
  return AFFILIATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

type GuardContext = {
  queryClient: QueryClient;
  location: { pathname: string; href: string };
};

function throwRedirect(target: ReturnType<typeof redirect>): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router expects its redirect (a Response) to be thrown
  throw target;
}

function toSignIn(location: GuardContext['location']): never {
  return throwRedirect(redirect({ to: '/sign-in', search: { customRedirect: location.href } }));
}

/**
 * Loads the user (from cache or the API) and applies the rules: no session → /sign-in,
 * affiliate-only user outside their pages → /refer, requirement not met → /plans.
 */
export async function requireAccess(
  { queryClient, location }: GuardContext,
  requirement?: AccessRequirement,
): Promise<User> {
  if (!hasLoggedInCookie()) toSignIn(location);

  let user: User;
  try {
    user = await queryClient.ensureQueryData(userQueryOptions);
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) clearLoggedInCookie();
    toSignIn(location);
  }

  if (user.isAffiliateOnly && !isAffiliatePath(location.pathname)) {
    throwRedirect(redirect({ to: '/refer' }));
  }
  if (!isAccessAllowed(user, requirement)) {
    throwRedirect(redirect({ to: '/plans', search: { reason: 'authorization_required' } }));
  }
  return user;
}
