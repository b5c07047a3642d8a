// The affiliate programme in Chromium: an affiliate copies her link from /refer; a visitor opens it,
// signs up (the code is carried into the form), verifies and pays for a plan on the Stripe stand-in's
// Checkout; the affiliate's dashboard then shows the click, the sign-up, the paying customer and the
// pending commission, and refuses a payout of what is still on hold with a clear message.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { payOnCheckout } from './billing-support.ts';
import { expect, test } from './shell-support.ts';

async function expectNoBlockingA11yViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe on ${label}`).toEqual([]);
}

const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Referral figures' }).getByText(label).locator('xpath=..');

test('a sign-up through a referral link and her payment show on the affiliate’s dashboard', async ({
  page,
  browser,
  baseURL,
  creator: _affiliate,
  mailbox,
}) => {
  test.setTimeout(120_000);
  let link = '';
  let code = '';

  await test.step('/refer shows her link and code, and nothing earned yet', async () => {
    await page.goto('/refer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' }),
    ).toBeVisible();
    const linkField = page.getByLabel('Referral link', { exact: true });
    await expect(linkField).toHaveValue(/\/sign-up\?rFromSearch=/);
    link = await linkField.inputValue();
    code = await page.getByLabel('Referral code', { exact: true }).inputValue();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(link).toBe(`${baseURL}/sign-up?rFromSearch=${code}`);
    await expect(page.getByRole('button', { name: 'Copy referral link' })).toBeVisible();
    await expect(figure(page, 'Clicks')).toContainText('0');
    await expect(page.getByText('No commissions yet.')).toBeVisible();
    await expect(page.getByText('You have not asked for a payout yet.')).toBeVisible();
    await expectNoBlockingA11yViolations(page, '/refer (new affiliate)');
  });

  // The referred creator, in a browser of her own.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const customer = { email: `e2e-referred-${id}@example.com`, password: `referred-${id}-Passw0rd` };

  await test.step('the link opens the sign-up form with her code filled in', async () => {
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(visitor.getByLabel('Referral code')).toHaveValue(code);
    await visitor.getByLabel('E-mail').fill(customer.email);
    await visitor.getByLabel('Password', { exact: true }).fill(customer.password);
    await visitor.getByLabel('Repeat password').fill(customer.password);
    await visitor.getByRole('button', { name: 'Sign Up with Email' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  });

  await test.step('she verifies her address and pays for Standard on Checkout', async () => {
    const verificationPath = await mailbox.linkTo(
      customer.email,
      /verify/i,
      '/email-settings/verification/',
    );
    await visitor.goto(verificationPath);
    await expect(visitor.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await visitor.goto('/plans');
    await visitor.getByRole('button', { name: 'Subscribe to Standard' }).click();
    await payOnCheckout(visitor, '49.99 USD a month');
  });
  await context.close();

  await test.step('the dashboard shows the click, the sign-up, the paying customer and the commission', async () => {
    await page.reload();
    await expect(figure(page, 'Clicks')).toContainText('1');
    await expect(figure(page, 'Sign-ups')).toContainText('1');
    await expect(figure(page, 'Paying customers')).toContainText('1');
    const earnings = page.getByRole('table', { name: 'Earnings by currency' });
    await expect(earnings.getByRole('row', { name: /USD/ })).toContainText('$9.99');
    const commissions = page.getByRole('table', { name: 'Commissions, newest first' });
    const row = commissions.getByRole('row').nth(1);
    await expect(row).toContainText('e•••@example.com');
    await expect(row).toContainText('$49.99');
    await expect(row).toContainText('$9.99 (20%)');
    await expect(row).toContainText('Pending');
    await expectNoBlockingA11yViolations(page, '/refer (with a commission)');
  });

  await test.step('a payout of what is still on hold is refused with the reason', async () => {
    const form = page.getByRole('form', { name: 'Request a payout' });
    await expect(form.getByLabel('Currency')).toHaveValue('usd');
    await form.getByRole('button', { name: 'Request payout' }).click();
    await expect(form.getByLabel('Send it to')).toHaveAccessibleDescription(
      /Say where the money should go/,
    );
    await form.getByLabel('Send it to').fill('PayPal: affiliate@example.com');
    await form.getByRole('button', { name: 'Request payout' }).click();
    await expect(form.getByLabel('Currency')).toHaveAccessibleDescription(
      /no available earnings in USD yet: commissions become available 30 days after each payment/,
    );
  });
});

test('the tips and terms speak of the brand and of the programme’s real terms', async ({
  page,
  creator: _creator,
}) => {
  await page.goto('/refer/refer-aff-tos');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Terms' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Commission' })).toBeVisible();
  await expect(page.getByText('You earn 20% of every payment')).toBeVisible();
  await expect(page.getByText('pending for 30 days after the payment')).toBeVisible();
  await expect(page.getByText(/once it reaches 50\.00 in that currency/)).toBeVisible();
  await expectNoBlockingA11yViolations(page, '/refer/refer-aff-tos');

  await page.goto('/refer/tips');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Tips' })).toBeVisible();
  await expect(page.getByText('Say that you earn a commission')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy referral link' })).toBeVisible();
  await expectNoBlockingA11yViolations(page, '/refer/tips');
});

test('a referral link with an unknown code fills in the form like any other, and the form still works', async ({
  page,
}) => {
  // The server answers a click the same for any code, so the page cannot (and does not) say more.
  const click = page.waitForResponse((r) => r.url().endsWith('/api/referrals/clicks'));
  await page.goto('/sign-up?rFromSearch=NOSUCHCD');
  expect((await click).status()).toBe(204);
  await expect(page.getByLabel('Referral code')).toHaveValue('NOSUCHCD');
  await expect(page.getByRole('button', { name: 'Sign Up with Email' })).toBeEnabled();
});
