// Who may open which page (the access rules and the affiliate-only rule), titles, no-index, Not
// Found and the error view of invalid search options, in Chromium against the real server.
import { DENIED_URL, expect, expectAllowed, expectDenied, grant, test } from './pages-support.ts';

/** Every protected page and its h1. */
const HEADINGS = {
  '/claim-offer': 'Claim Offer',
  '/onboarding': 'Onboarding',
  '/renew': 'Renew Subscription',
  '/good-to-know': 'Good to Know',
  '/promo-protect': 'Free Removals',
  '/report-impersonation': 'Report Impersonation',
  '/report-leaks': 'Report Leaks',
  '/takedown-report': 'Takedown Report',
  '/branches': 'Your Content',
  '/brands': 'Accounts',
  '/file-uploads': 'Uploaded Files',
  '/search-terms': 'Search Engines',
  '/whitelist': 'Whitelist',
  '/dmca-badges': 'DMCA Badges',
  '/risk-registry': 'Scam Registry',
  '/account': 'Account',
  '/community': 'Community',
  '/notifications': 'Notifications',
  '/plans': 'Plans',
  '/marketing/social-share': 'Social Share',
  '/marketing/welcome-package': 'Welcome Package',
  '/refer': 'Affiliate Dashboard',
  '/refer/tips': 'Affiliate Tips',
  '/refer/refer-aff-tos': 'Affiliate Terms',
} as const;
type ProtectedPath = keyof typeof HEADINGS;

const SUBSCRIBED_ONLY: ProtectedPath[] = ['/dmca-badges', '/file-uploads', '/takedown-report'];
const SUBSCRIBED_OR_PROMO: ProtectedPath[] = [
  '/whitelist',
  '/search-terms',
  '/brands',
  '/branches',
];
const SIGN_IN_ONLY: ProtectedPath[] = [
  '/claim-offer',
  '/onboarding',
  '/renew',
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
];

async function allowed(page: Parameters<typeof expectAllowed>[0], paths: ProtectedPath[]) {
  for (const path of paths) await expectAllowed(page, path, HEADINGS[path]);
}
async function denied(page: Parameters<typeof expectDenied>[0], paths: ProtectedPath[]) {
  for (const path of paths) await expectDenied(page, path);
}

test.describe('the access rules, row by row', () => {
  test('a free user opens the sign-in-only pages and is sent to the plans from the rest', async ({
    page,
    signedInCreator,
  }) => {
    await expectAllowed(page, '/dashboard', `Welcome, ${signedInCreator.name}`);
    await allowed(page, SIGN_IN_ONLY);
    await denied(page, [
      ...SUBSCRIBED_ONLY,
      ...SUBSCRIBED_OR_PROMO,
      '/report-leaks',
      '/report-impersonation',
      '/promo-protect',
      '/good-to-know',
    ]);
  });

  test('a subscriber opens the subscription pages, and the feature pages their plan includes', async ({
    page,
    signedInCreator,
  }) => {
    // Standard includes submitLeak; Premium adds impersonation (the server's plan features).
    await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
    await allowed(page, [
      ...SUBSCRIBED_ONLY,
      ...SUBSCRIBED_OR_PROMO,
      '/good-to-know',
      '/report-leaks',
    ]);
    await denied(page, ['/report-impersonation', '/promo-protect']);

    await grant(signedInCreator.email, { plan: 'premium' });
    await allowed(page, ['/report-leaks', '/report-impersonation']);
    // Free Removals needs promoProtect whatever the status or plan.
    await denied(page, ['/promo-protect']);
  });

  test('promoProtect alone opens Free Removals and the four configuration pages', async ({
    page,
    signedInCreator,
  }) => {
    await grant(signedInCreator.email, { features: ['promoProtect', 'submitLeak'] });
    await allowed(page, ['/promo-protect', ...SUBSCRIBED_OR_PROMO]);
    // submitLeak without a subscription is not enough; promoProtect opens nothing else.
    await denied(page, [...SUBSCRIBED_ONLY, '/report-leaks', '/good-to-know']);
  });

  test('a former subscriber keeps Good to Know only, and promoProtect still works', async ({
    page,
    signedInCreator,
  }) => {
    await grant(signedInCreator.email, { status: 'former', features: ['submitLeak'] });
    await expectAllowed(page, '/dashboard', `Welcome, ${signedInCreator.name}`);
    await allowed(page, ['/good-to-know']);
    await denied(page, [
      ...SUBSCRIBED_ONLY,
      ...SUBSCRIBED_OR_PROMO,
      '/report-leaks',
      '/promo-protect',
    ]);

    await grant(signedInCreator.email, { features: ['promoProtect'] });
    await allowed(page, ['/promo-protect', '/whitelist']);
  });
});

test('an affiliate-only user is kept to the referral pages, account, plans, notifications and community', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, {
    affiliateOnly: true,
    status: 'subscribed',
    plan: 'premium',
  });
  for (const path of [
    '/dashboard',
    '/onboarding',
    '/dmca-badges',
    '/good-to-know',
    '/claim-offer',
  ]) {
    await page.goto(path);
    await expect(page, `${path} should send an affiliate to /refer`).toHaveURL('/refer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' }),
    ).toBeVisible();
  }
  await allowed(page, [
    '/refer/tips',
    '/refer/refer-aff-tos',
    '/account',
    '/plans',
    '/notifications',
    '/community',
  ]);
});

test('a signed-out visitor of any protected page is sent to sign in, and comes back after', async ({
  page,
  signedInCreator,
}) => {
  await page.context().clearCookies();
  await page.goto('/takedown-report');
  await expect(page).toHaveURL(/\/sign-in\?customRedirect=%2Ftakedown-report$/);
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  await page.getByLabel('E-mail').fill(signedInCreator.email);
  await page.getByLabel('Password', { exact: true }).fill(signedInCreator.password);
  await page.getByRole('button', { name: 'Sign In with Email' }).click();
  await expect(page).toHaveURL('/takedown-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Takedown Report' })).toBeVisible();
});

test('the layout and the page share one user request', async ({
  page,
  signedInCreator: _creator,
}) => {
  const userRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userRequests.push(request.url());
  });
  await expectAllowed(page, '/onboarding', 'Onboarding');
  expect(userRequests).toHaveLength(1);
});

test('pages carry the brand in their titles, and protected pages are not indexed', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  const titles: [string, string][] = [
    ['/dashboard', 'Shark | Dashboard'],
    ['/onboarding', 'Shark | Onboarding'],
    ['/dmca-badges', 'Shark | DMCA Badges'],
    ['/good-to-know', 'Shark | Good to Know'],
    ['/brands', 'Shark | Accounts'],
    ['/plans', 'Shark | Plans'],
    ['/refer', 'Shark | Affiliate Dashboard'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }

  await page.goto('/');
  await expect(page).toHaveTitle(/^Shark \| /);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('the plans page explains why the guard sent the user there', async ({
  page,
  signedInCreator: _creator,
}) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByText('This page needs a different plan.')).toBeHidden();

  await page.goto('/report-leaks');
  await expect(page).toHaveURL(DENIED_URL);
  await expect(page.getByText('This page needs a different plan.')).toBeVisible();
  for (const tier of ['Standard', 'Plus', 'Premium']) {
    await expect(page.getByRole('heading', { level: 2, name: tier })).toBeVisible();
  }
});

test('an unknown route shows Not Found, inside and outside the app', async ({
  page,
  signedInCreator: _creator,
}) => {
  for (const path of ['/no-such-page', '/marketing/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  }
});

test('invalid search options on /plans and /claim-offer show the error view and its toggle', async ({
  page,
  signedInCreator: _creator,
}) => {
  for (const [path, option] of [
    ['/plans?reason=because', 'reason'],
    ['/claim-offer?customOfferId=true', 'customOfferId'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    const details = page.locator('pre', { hasText: option });
    await expect(details).toBeHidden();
    await page.getByRole('button', { name: 'Show Error' }).click();
    await expect(details).toBeVisible();
    await page.getByRole('button', { name: 'Hide Error' }).click();
    await expect(details).toBeHidden();
  }

  // Valid options pass through to the page.
  await page.goto('/claim-offer?customOfferId=spring-offer');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Offer' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('There is no offer at this link.');
});

test('the sign-in page loads none of the protected app’s code', async ({
  browser,
  baseURL,
  page,
  signedInCreator: _creator,
}) => {
  // Route chunks are named after their route files (autoCodeSplitting); these are the protected ones.
  const protectedChunk =
    /\/assets\/(_app|account|branches|brands|claim-offer|community|dashboard|dmca-badges|file-uploads|good-to-know|social-share|welcome-package|notifications|onboarding|plans|promo-protect|refer|refer-aff-tos|tips|renew|report-impersonation|report-leaks|risk-registry|search-terms|takedown-report|whitelist)-[\w-]{8}\.js$/;
  const scriptsOf = (target: typeof page) => {
    const scripts: string[] = [];
    target.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    return scripts;
  };

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  const signInScripts = scriptsOf(visitorPage);
  await visitorPage.goto('/sign-in');
  await expect(visitorPage.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect(signInScripts.length).toBeGreaterThan(0);
  expect(signInScripts.filter((script) => protectedChunk.test(script))).toEqual([]);
  await visitor.close();

  // The pattern does match the protected app's chunks: the signed-in dashboard loads them.
  const dashboardScripts = scriptsOf(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
  expect(dashboardScripts.filter((script) => protectedChunk.test(script)).length).toBeGreaterThan(
    1,
  );
});
