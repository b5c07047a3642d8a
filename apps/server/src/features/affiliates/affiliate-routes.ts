// /api/affiliate/*: the signed-in user's affiliate dashboard (code and link, figures, commissions,
// payouts); /api/affiliate/terms and /api/referrals/clicks need no sign-in (the terms page and the sign-up
// page opened through a referral link).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import {
  affiliateOverviewSchema,
  affiliatePayoutSchema,
  affiliateTermsSchema,
  commissionPageSchema,
  commissionsQuerySchema,
  payoutListSchema,
  payoutRequestSchema,
  referralClickRequestSchema,
} from '@shark/contracts/affiliates.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { RateLimiter } from '#server/features/auth/rate-limiter.ts';
import type { AffiliateService } from './affiliate-service.ts';
import { VISITOR_COOKIE } from './visitor-cookie.ts';

const tags = ['Affiliate programme'];
const signedIn = { 401: error('Not signed in') };
/** Clicks one address may send per rate-limit window (each address counts once a day anyway): a bound on the writes. */
const CLICKS_PER_WINDOW = 60;
const VISITOR_COOKIE_DAYS = 365;

const overview = createRoute({
  method: 'get',
  path: '/affiliate',
  tags,
  summary:
    'The user’s referral code and link, clicks, sign-ups, paying customers, earnings per currency and the programme’s terms',
  responses: { 200: json(affiliateOverviewSchema, 'The affiliate overview'), ...signedIn },
});

const commissions = createRoute({
  method: 'get',
  path: '/affiliate/commissions',
  tags,
  summary: 'The user’s commissions, newest first, a page at a time',
  request: { query: commissionsQuerySchema },
  responses: {
    200: json(commissionPageSchema, 'One page of commissions'),
    400: error('Invalid page'),
    ...signedIn,
  },
});

const payouts = createRoute({
  method: 'get',
  path: '/affiliate/payouts',
  tags,
  summary: 'The user’s payout requests, newest first',
  responses: { 200: json(payoutListSchema, 'Payouts'), ...signedIn },
});

const requestPayout = createRoute({
  method: 'post',
  path: '/affiliate/payouts',
  tags,
  summary:
    'Ask for the whole available balance in one currency, when it reaches the minimum payout',
  request: { body: body(payoutRequestSchema) },
  responses: {
    201: json(affiliatePayoutSchema, 'The payout, requested'),
    400: error('Invalid currency or destination'),
    ...signedIn,
    409: error('Nothing available in the currency, or less than the minimum payout'),
  },
});

const terms = createRoute({
  method: 'get',
  path: '/affiliate/terms',
  tags,
  summary: 'The programme’s commission rate, hold and minimum payout; no sign-in',
  responses: { 200: json(affiliateTermsSchema, 'The terms') },
});

const click = createRoute({
  method: 'post',
  path: '/referrals/clicks',
  tags,
  summary:
    'The sign-up page was opened through a referral link: counted once per visitor (her address) and day; no sign-in. The answer is the same for any well-formed code, an affiliate’s or not.',
  request: { body: body(referralClickRequestSchema) },
  responses: {
    204: { description: 'Received' },
    400: error('Not a referral code'),
    429: error('Too many clicks from this address'),
  },
});

type AffiliateEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

export function affiliateRoutes(deps: {
  auth: Auth;
  affiliates: AffiliateService;
  limiter: RateLimiter;
  secureCookies: boolean;
}) {
  const { affiliates } = deps;
  const app = new OpenAPIHono<AffiliateEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before any input is read.
  const requireUser = createMiddleware<AffiliateEnv>(async (c, next) => {
    c.set('user', await requireSessionUser(deps.auth, c));
    await next();
  });
  for (const path of ['/affiliate', '/affiliate/commissions', '/affiliate/payouts'])
    app.use(path, requireUser);
  return app
    .openapi(overview, async (c) => c.json(await affiliates.overview(c.get('user').id), 200))
    .openapi(commissions, async (c) =>
      c.json(await affiliates.commissions(c.get('user').id, c.req.valid('query').page), 200),
    )
    .openapi(payouts, async (c) =>
      c.json({ items: await affiliates.payouts(c.get('user').id) }, 200),
    )
    .openapi(requestPayout, async (c) =>
      c.json(await affiliates.requestPayout(c.get('user').id, c.req.valid('json')), 201),
    )
    .openapi(terms, (c) => c.json(affiliates.terms(), 200))
    .openapi(click, async (c) => {
      await deps.limiter.hit([
        { key: `referral-click:ip:${c.get('clientIp')}`, max: CLICKS_PER_WINDOW },
      ]);
      const { visitorId } = await affiliates.recordClick(
        c.req.valid('json').code,
        c.get('clientIp'),
      );
      // Set on every click, known code or not: the answer must not tell them apart.
      setCookie(c, VISITOR_COOKIE, visitorId, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.secureCookies,
        maxAge: VISITOR_COOKIE_DAYS * 24 * 3600,
      });
      return c.body(null, 204);
    });
}
