// Custom offers: the operator makes an offer with the CLI; its public page shows it signed out;
// the creator signs up through it, verifies her e-mail, lands on /claim-offer and claims a free offer,
// which makes her a subscriber at once. Offers that cannot be claimed say why.
import type { OperatorOffer } from '@shark/contracts/offers.ts';
import type { User } from '@shark/contracts/user.ts';
import { expect, test } from './fixtures.ts';
import { sharkJson } from './takedown-support.ts';

test('an offer is shown signed out, carried through sign-up and claimed: a free offer subscribes her', async ({
  page,
  account,
  mailbox,
}) => {
  const offer = await sharkJson<OperatorOffer>(
    'offers',
    'create',
    '--plan',
    'plus',
    '--interval',
    'monthly',
    '--currency',
    'usd',
    '--price',
    '0',
    '--features',
    'promoProtect',
    '--max-claims',
    '1',
    '--expires',
    '2099-12-31',
    '--headline',
    'A month of Plus on us',
  );
  const claimPath = `/claim-offer?customOfferId=${offer.id}`;

  await test.step('the public page shows the offer without sign-in', async () => {
    await page.goto(`/custom-offer/${offer.id}`);
    await expect(page).toHaveTitle('Shark | Custom Offer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'An offer made for you' }),
    ).toBeVisible();
    await expect(page.getByText('A month of Plus on us')).toBeVisible();
    await expect(page.getByText('Plus', { exact: true })).toBeVisible();
    await expect(page.getByText('Free', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Extra features' })).toHaveText('Promo Protect');
    await expect(page.getByText('Claim by December 31, 2099 · for one person only')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await page.getByRole('link', { name: 'I already have an account' }).click();
    await expect(page).toHaveURL(/\/sign-in\?customRedirect=/);
    expect(new URL(page.url()).searchParams.get('customRedirect')).toBe(claimPath);
    await page.goBack();
  });

  await test.step('sign up through the offer and verify the e-mail: the claim page opens', async () => {
    await page.getByRole('link', { name: 'Sign up to claim it' }).click();
    await expect(page).toHaveURL(`/sign-up?customOfferId=${offer.id}`);
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Repeat password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up with Email' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    await page.goto(
      await mailbox.linkTo(account.email, /verify/i, '/email-settings/verification/'),
    );
    await expect(page.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(claimPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Offer' })).toBeVisible();
  });

  await test.step('claim it: the plan and its features are hers at once', async () => {
    await page.getByRole('button', { name: 'Claim this offer' }).click();
    await expect(page.getByText('Offer claimed')).toBeVisible();
    await expect(page.getByText('The offer is yours: your plan is active now.')).toBeVisible();
    const user = await sharkJson<User>('users', 'show', account.email);
    expect(user.frontendStatus).toBe('subscribed');
    expect(user.effectiveSpecialFeatures).toContain('promoProtect');
    await page.getByRole('link', { name: 'Set up your protection' }).click();
    await expect(page).toHaveURL('/onboarding');
  });

  await test.step('signed in, a paid offer is reserved and sends her to Checkout at its price', async () => {
    const paid = await sharkJson<OperatorOffer>(
      'offers',
      'create',
      '--plan',
      'premium',
      '--interval',
      'monthly',
      '--currency',
      'usd',
      '--price',
      '2999',
    );
    await page.goto(`/custom-offer/${paid.id}`);
    await expect(page.getByText('$29.99 per month')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up to claim it' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Claim this offer' }).click();
    await expect(page).toHaveURL(`/claim-offer?customOfferId=${paid.id}`);
    await page.getByRole('button', { name: 'Claim this offer' }).click();
    await expect(page.getByText('Offer reserved: payment comes next')).toBeVisible();
    // Billing is online in the e2e server (the Stripe stand-in): payment is Checkout at the offer's price.
    await expect(page.getByText('Complete the payment to start your plan.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
    await expect(page.getByText('29.99 USD a month')).toBeVisible();
    const user = await sharkJson<User>('users', 'show', account.email);
    expect(user.effectiveSpecialFeatures).not.toContain('impersonation');
    expect(
      (await sharkJson<{ claims: { email: string }[] }>('offers', 'show', paid.id)).claims,
    ).toEqual([expect.objectContaining({ email: account.email })]);
  });

  await test.step('a single-use offer, once claimed, tells the next visitor so', async () => {
    const shown = await sharkJson<OperatorOffer>('offers', 'show', offer.id);
    expect(shown).toMatchObject({ state: 'used_up', claimCount: 1 });
    await page.context().clearCookies();
    await page.goto(`/custom-offer/${offer.id}`);
    await expect(page.getByRole('alert')).toContainText('This offer has already been claimed.');
    await expect(page.getByRole('link', { name: 'Sign up to claim it' })).toHaveCount(0);
  });
});

test('withdrawn, paid and unknown offers read clearly on the public page', async ({ page }) => {
  const paid = await sharkJson<OperatorOffer>(
    'offers',
    'create',
    '--plan',
    'premium',
    '--interval',
    'annual',
    '--currency',
    'eur',
    '--price',
    '49900',
  );
  await page.goto(`/custom-offer/${paid.id}`);
  await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  await expect(page.getByText('€499.00 per year')).toBeVisible();
  await expect(page.getByText('No expiry date')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up to claim it' })).toBeVisible();

  await sharkJson<OperatorOffer>('offers', 'revoke', paid.id);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This offer has been withdrawn.');
  await expect(page.getByRole('link', { name: 'Sign up to claim it' })).toHaveCount(0);

  await page.goto('/custom-offer/off_no-such-offer');
  await expect(page.getByRole('alert')).toContainText('There is no offer at this link.');
});
