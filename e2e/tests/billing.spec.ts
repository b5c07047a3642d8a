// Billing in Chromium against the Stripe stand-in (e2e/simulated-web-server.mjs): subscribe
// on /plans through the stand-in's hosted Checkout, come back subscribed with the sidebar unlocked,
// cancel and reactivate on /account, reach the period's end, see the former state, and renew on /renew.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseInterval, payOnCheckout, stripeControlOrigin, toast } from './billing-support.ts';
import { BRAND, expect, test } from './shell-support.ts';

/** What the brand's sidebar variant calls the items this spec looks at. */
const NAMES = {
  classic: { dashboard: 'Dashboard', takedownReport: 'Takedown Report' },
  grouped: { dashboard: 'Overview', takedownReport: 'Removal Report' },
}[BRAND.sidebarVariant];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectStatusEntry(
  page: Page,
  expected: { label: string; badge: string; href: string } | null,
): Promise<void> {
  const entry = mainNav(page).locator('[data-status-entry]');
  if (expected === null) {
    await expect(entry).toHaveCount(0);
    return;
  }
  await expect(entry).toHaveAccessibleName(`${expected.label} ${expected.badge}`);
  await expect(entry).toHaveAttribute('href', expected.href);
}

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

async function expectUnlocked(page: Page): Promise<void> {
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: NAMES.dashboard, exact: true })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(nav.getByRole('link', { name: NAMES.takedownReport })).toBeVisible();
}

async function endPeriod(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post(`${stripeControlOrigin()}/__control/end-period`, {
    data: { email },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { deliveries } = (await response.json()) as { deliveries: { status: number }[] };
  // The cancellation's update and the deletion, each accepted by the server's webhook.
  expect(deliveries.length).toBeGreaterThan(0);
  expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => 200));
}

test('subscribe through Checkout, cancel, reactivate, reach the period end, and renew', async ({
  page,
  request,
  creator,
}) => {
  // Two Checkouts, three axe scans and the lifecycle between them: more than the default minute.
  test.setTimeout(120_000);
  await test.step('/plans prices the plans and sends the free creator to Checkout', async () => {
    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expectStatusEntry(page, null);
    await expect(mainNav(page).getByRole('button', { name: NAMES.takedownReport })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const plus = page.getByRole('article', { name: 'Plus' });
    await expect(plus).toContainText('$99.99');
    await chooseInterval(page, 'Annual');
    await expect(plus).toContainText('$959.90');
    await page.getByLabel('Currency').selectOption('eur');
    await expect(plus).toContainText('€911.90');
    await chooseInterval(page, 'Monthly');
    await expect(plus).toContainText('€94.99');
    await page.getByLabel('Currency').selectOption('usd');
    await plus.getByRole('button', { name: 'Subscribe to Plus' }).click();
  });

  await test.step('paying on Checkout brings her back subscribed, the sidebar unlocked', async () => {
    await payOnCheckout(page, '99.99 USD a month');
    await expectUnlocked(page);
    await expectStatusEntry(page, null);
  });

  await test.step('/plans marks Plus as her plan and offers the others as changes', async () => {
    await page.goto('/plans');
    const plus = page.getByRole('article', { name: 'Plus' });
    await expect(plus).toContainText('Current plan');
    await expect(plus.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Downgrade to Standard' })).toBeEnabled();
    await expect(page.getByLabel('Currency')).toBeDisabled();
    await expectNoBlockingA11yViolations(page, '/plans (subscriber)');
  });

  const section = page.locator('section#subscription');
  await test.step('/account shows the plan and the first payment, and cancels at the period end', async () => {
    await page.goto('/account');
    await expect(section.getByTestId('subscription-plan')).toHaveText(
      'Plus, billed monthly ($99.99)',
    );
    await expect(section).toContainText('Active');
    await expect(section).toContainText('Renews on');
    await expect(section.getByRole('list', { name: 'Recent payments' })).toContainText('$99.99');
    await expect(section.getByRole('link', { name: /^Invoice of / })).toHaveAttribute(
      'href',
      new RegExp(`^${stripeControlOrigin()}/invoices/`),
    );

    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect(dialog).toContainText('Your Plus plan stays active until');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).filter({ hasText: 'Subscription cancelled' })).toBeVisible();
    await expect(section).toContainText('Cancelled');
    await expect(section).toContainText('Your plan stays active until');
    await expectNoBlockingA11yViolations(page, '/account (cancelled)');
  });

  await test.step('cancelled but active: Plan Cancelled / Reactivate; reactivating clears it', async () => {
    await expectStatusEntry(page, {
      label: 'Plan Cancelled',
      badge: 'Reactivate',
      href: '/account',
    });
    await expectUnlocked(page);

    await section.getByRole('button', { name: 'Reactivate subscription' }).click();
    await expect(toast(page).filter({ hasText: 'Subscription reactivated' })).toBeVisible();
    await expectStatusEntry(page, null);
    await expect(section).toContainText('Renews on');

    // Cancelled again, for the period to end on.
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await expectStatusEntry(page, {
      label: 'Plan Cancelled',
      badge: 'Reactivate',
      href: '/account',
    });
  });

  await test.step('at the period end she is a former subscriber: Reactivate Subscription / Alert', async () => {
    await endPeriod(request, creator.email);
    await page.reload();
    await expectStatusEntry(page, {
      label: 'Reactivate Subscription',
      badge: 'Alert',
      href: '/plans',
    });
    await expect(mainNav(page).getByRole('button', { name: NAMES.takedownReport })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(section).toContainText('Your subscription has ended');
  });

  await test.step('/renew offers her previous plan and renews it through Checkout', async () => {
    await page.goto('/renew');
    await expect(page.getByRole('heading', { level: 1, name: 'Renew Subscription' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your previous plan: Plus' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Plus' })).toContainText('Your previous plan');
    await expectNoBlockingA11yViolations(page, '/renew (former)');
    await page.getByRole('button', { name: 'Renew Plus' }).click();
    await payOnCheckout(page, '99.99 USD a month');
    await expectUnlocked(page);
    await expectStatusEntry(page, null);
  });
});

test('leaving Checkout returns to /plans with nothing charged', async ({
  page,
  creator: _creator,
}) => {
  await page.goto('/plans');
  await page.getByRole('button', { name: 'Subscribe to Standard' }).click();
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL('/plans?checkout=cancelled');
  await expect(page.getByText('Checkout was cancelled: nothing was charged.')).toBeVisible();
  await expectStatusEntry(page, null);
  await expect(page.getByRole('button', { name: 'Subscribe to Standard' })).toBeEnabled();
});
