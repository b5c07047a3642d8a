// Notifications in Chromium: a real billing event (a subscription paid on the Stripe stand-in's
// Checkout) raises one; the user menu shows it as unread, /notifications lists it, opening it marks
// it read and clears the badge, "Mark all as read" does the rest. Then the e-mail it sent: its
// settings link changes her choices without signing in, and a tampered or expired link is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createSubscriptionTokens } from '../../apps/server/src/features/notifications/subscription-token.ts';
import { DATA_DIR } from '../playwright.config.ts';
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

const userMenuButton = (page: Page) => page.getByRole('button', { name: /User menu/ });

test('a notification from a real event: unread badge, list, open and mark read', async ({
  page,
  creator: _creator,
}) => {
  test.setTimeout(120_000);
  await test.step('a new creator has no notifications and says so', async () => {
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  });

  await test.step('subscribing on Checkout raises a billing notification', async () => {
    await page.goto('/plans');
    await page
      .getByRole('article', { name: 'Standard' })
      .getByRole('button', { name: 'Subscribe to Standard' })
      .click();
    await payOnCheckout(page, '49.99 USD a month');
  });

  await test.step('the user menu shows it unread', async () => {
    await expect(page.getByTestId('unread-badge')).toHaveText(/1\s*1 unread notification/);
    await userMenuButton(page).click();
    const item = page.getByRole('menu').getByRole('menuitem', { name: /^Notifications/ });
    await expect(item).toHaveAccessibleName('Notifications 1 unread notification');
    await item.click();
    await expect(page).toHaveURL('/notifications');
  });

  await test.step('/notifications lists it as unread with its category and time', async () => {
    const list = page.getByRole('list', { name: 'Notifications' });
    const entry = list.getByRole('listitem', {
      name: 'Unread: Your Standard subscription has started',
    });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Billing');
    await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(
      page.getByRole('status').filter({ hasText: '1 unread notification.' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Unread (1)' }).click();
    await expect(page).toHaveURL('/notifications?filter=unread');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expectNoBlockingA11yViolations(page, '/notifications (unread)');
  });

  await test.step('opening it goes to its page, marks it read and clears the badge', async () => {
    await page
      .getByRole('listitem', { name: 'Unread: Your Standard subscription has started' })
      .getByRole('link', { name: 'Open' })
      .click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    await page.goto('/notifications');
    await expect(
      page.getByRole('listitem', { name: 'Your Standard subscription has started' }),
    ).toContainText('Read');
    await page.getByRole('tab', { name: 'Unread' }).click();
    await expect(page.getByText('You have read all your notifications.')).toBeVisible();
  });

  await test.step('cancelling raises another; "Mark all as read" clears it', async () => {
    await page.goto('/account');
    const section = page.locator('section#subscription');
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await expect(section).toContainText('Cancelled');
    await page.goto('/notifications');
    await expect(page.getByTestId('unread-badge')).toHaveText(/1 unread notification/);
    await expect(
      page.getByRole('listitem', { name: 'Unread: Your subscription is cancelled' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'No unread notifications.' }),
    ).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: /^Unread: / })).toHaveCount(0);
  });

  await test.step('her e-mail choices are saved on the same page', async () => {
    const form = page.locator('section#email-preferences');
    await expect(form.getByLabel('Scans')).not.toBeChecked();
    await form.getByLabel('Scans').check();
    await form.getByRole('button', { name: 'Save e-mail preferences' }).click();
    await expect(form.getByText('Your e-mail preferences are saved.')).toBeVisible();
    await page.reload();
    await expect(page.locator('section#email-preferences').getByLabel('Scans')).toBeChecked();
  });
});

test('the e-mail settings link: change choices and unsubscribe without signing in; bad links refused', async ({
  page,
  browser,
  creator,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await page.goto('/plans');
  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: 'Subscribe to Standard' })
    .click();
  await payOnCheckout(page, '49.99 USD a month');
  const link = await mailbox.linkTo(
    creator.email,
    /subscription has started/,
    '/email-settings/subscription/',
  );

  // A fresh browser: nobody is signed in there.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await test.step('the link opens her choices without signing in', async () => {
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'E-mail preferences' }),
    ).toBeVisible();
    await expect(visitor.getByText(`${creator.email[0]}***@example.com`)).toBeVisible();
    await expect(visitor.getByLabel('Billing')).toBeChecked();
    await expectNoBlockingA11yViolations(visitor, '/email-settings/subscription');
    await visitor.getByLabel('Billing').uncheck();
    await visitor.getByRole('button', { name: 'Save preferences' }).click();
    await expect(visitor.getByText('Your e-mail preferences are saved.')).toBeVisible();
    await visitor.getByRole('button', { name: 'Unsubscribe from all' }).click();
    await expect(
      visitor.getByText('You are unsubscribed from all notification e-mails.'),
    ).toBeVisible();
    for (const label of ['New findings', 'Confirmed removals', 'Answers to notices', 'Billing'])
      await expect(visitor.getByLabel(label)).not.toBeChecked();
  });

  await test.step('her signed-in settings show the same', async () => {
    await page.goto('/notifications');
    await expect(
      page.locator('section#email-preferences').getByLabel('New findings'),
    ).not.toBeChecked();
  });

  await test.step('a tampered link is refused with a clear page', async () => {
    // The signature's first character changed (its last one carries padding bits a decoder may ignore).
    const tampered = link.replace(
      /\.(.)/,
      (_match, first: string) => `.${first === 'A' ? 'B' : 'A'}`,
    );
    await visitor.goto(tampered);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'This link is not valid' }),
    ).toBeVisible();
    await expect(
      visitor.getByRole('link', { name: 'Sign in to change your preferences' }),
    ).toBeVisible();
  });

  await test.step('an expired link says it expired', async () => {
    const userId = JSON.parse(
      Buffer.from(
        decodeURIComponent(link.split('/').pop() ?? '').split('.')[0] ?? '',
        'base64url',
      ).toString('utf8'),
    ) as { u: string };
    const secret = readFileSync(join(DATA_DIR, 'auth-secret'), 'utf8').trim();
    const expired = createSubscriptionTokens({ secret, lifetimeDays: 90 }).sign(
      userId.u,
      new Date(Date.now() - 91 * 24 * 3600 * 1000),
    );
    await visitor.goto(`/email-settings/subscription/${encodeURIComponent(expired)}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible();
    await expectNoBlockingA11yViolations(visitor, '/email-settings/subscription (expired)');
  });
  await context.close();
});
