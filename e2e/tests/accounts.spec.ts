// Accounts (/brands) in Chromium: a subscribed creator adds accounts on two platforms, meets the
// plan's username limit, proves one account against a local stand-in of OnlyFans, and deletes one.
import { createServer, type Server } from 'node:http';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { STAND_IN_PORT } from '../playwright.config.ts';
import { expect, grantAs, test } from './shell-support.ts';

/** The stand-in OnlyFans: profile pages by path (the server's PROFILE_URL_TEMPLATES points here). */
const profiles = new Map<string, string>();
let standIn: Server;

test.beforeAll(async () => {
  standIn = createServer((req, res) => {
    const html = profiles.get(new URL(req.url ?? '/', 'http://stand-in').pathname);
    if (html === undefined)
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    standIn.once('error', reject);
    standIn.listen(STAND_IN_PORT, '127.0.0.1', resolve);
  });
});

test.afterAll(async () => {
  standIn?.closeAllConnections();
  await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
});

const profilePage = (bio: string) =>
  `<!doctype html><title>Jane on OnlyFans</title><main><h1>Jane</h1><p>${bio}</p></main>`;

const accountItem = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

async function addAccount(
  page: Page,
  account: { platform: string; username: string; isOld?: boolean },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an account' });
  await form.getByLabel('Platform').selectOption({ label: account.platform });
  await form.getByRole('textbox').fill(account.username);
  await form.getByLabel('Old account').setChecked(account.isOld ?? false);
  await form.getByRole('button', { name: 'Add account' }).click();
}

async function expectNoBlockingA11yViolations(page: Page, label: string): Promise<void> {
  // The toasts are the app shell's, checked with it; here they would only come and go with timing.
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect.soft(blocking, `axe on ${label}`).toEqual([]);
}

test('a creator adds accounts, meets the limit, proves one and deletes one', async ({
  page,
  creator,
}) => {
  await grantAs(creator.email, { status: 'subscribed', plan: 'standard' });
  await page.goto('/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No accounts yet' })).toBeVisible();
  const meter = page.getByTestId('usage-usernames');
  await expect(meter).toContainText('0 of 2 usernames on your Standard plan');
  await expectNoBlockingA11yViolations(page, '/brands (empty)');

  await test.step('two OnlyFans accounts, one of them old', async () => {
    await addAccount(page, { platform: 'OnlyFans', username: '@Jane_E2E' });
    const jane = accountItem(page, '@Jane_E2E on OnlyFans');
    await expect(jane).toBeVisible();
    await expect(jane.getByText('Unverified')).toBeVisible();
    // The panel of a new account opens with its code.
    await expect(jane.getByTestId('verification-code')).toHaveText(
      /^shark-[A-Z0-9]{4}-[A-Z0-9]{4}$/,
    );

    await addAccount(page, {
      platform: 'OnlyFans',
      username: 'https://onlyfans.com/jane_old_e2e',
      isOld: true,
    });
    const old = accountItem(page, '@jane_old_e2e on OnlyFans');
    await expect(old.getByText('Old account')).toBeVisible();
    await expect(old.getByText('Unverified')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'OnlyFans accounts' }).locator(':scope > li'),
    ).toHaveCount(2);
    await expect(meter).toContainText('2 of 2 usernames on your Standard plan');
    await expect(meter.getByRole('link', { name: 'Upgrade for more' })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  await test.step('a bad username is refused at the field, a third account at the plan limit', async () => {
    await addAccount(page, { platform: 'Instagram', username: 'jane doe' });
    const usernameField = page.getByRole('form', { name: 'Add an account' }).getByRole('textbox');
    await expect(usernameField).toHaveAccessibleDescription(
      'Instagram usernames use only letters, numbers, periods and underscores.',
    );
    await expect(usernameField).toBeFocused();

    await addAccount(page, { platform: 'Instagram', username: 'jane.e2e' });
    const limit = page.getByRole('form', { name: 'Add an account' }).getByRole('alert');
    await expect(limit).toContainText(
      'Your Standard plan includes 2 usernames, and you use 2 usernames. Plus includes 5 usernames.',
    );
    await expect(limit.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  await test.step('the code on the profile verifies the account; a profile without it does not', async () => {
    const jane = accountItem(page, '@Jane_E2E on OnlyFans');
    const code = (await jane.getByTestId('verification-code').textContent())?.trim() ?? '';
    await expect(jane).toContainText('add the code to your About text');
    await expectNoBlockingA11yViolations(page, '/brands (verification panel)');

    profiles.set('/onlyfans/jane_e2e', profilePage(`New sets every week. ${code}`));
    await jane.getByRole('button', { name: 'Check now' }).click();
    await expect(jane.getByText('Verified', { exact: true })).toBeVisible();
    await expect(jane.getByRole('status')).toContainText('Verified: the code is on your profile.');
    await expect(jane.getByText('Unverified')).toHaveCount(0);

    // Its panel opened when it was added.
    const old = accountItem(page, '@jane_old_e2e on OnlyFans');
    await expect(old.getByRole('button', { name: 'Verify @jane_old_e2e' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const oldCode = (await old.getByTestId('verification-code').textContent())?.trim() ?? '';
    expect(oldCode).not.toBe(code);
    profiles.set('/onlyfans/jane_old_e2e', profilePage('I moved to another account.'));
    await old.getByRole('button', { name: 'Check now' }).click();
    await expect(old.getByRole('alert')).toHaveText(
      `The code ${oldCode} was not found on http://127.0.0.1:${STAND_IN_PORT}/onlyfans/jane_old_e2e. Put it in your bio or on the page, save, and check again.`,
    );
    await expect(old.getByRole('button', { name: 'Check now' })).toBeDisabled();
    await expect(old).toContainText(/You can check again in \d+ s\./);
    await expect(old.getByText('Unverified')).toBeVisible();
  });

  await test.step('deleting asks first, then frees a place for an Instagram account', async () => {
    await page.getByRole('button', { name: 'Delete @jane_old_e2e' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete @jane_old_e2e?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(accountItem(page, '@jane_old_e2e on OnlyFans')).toBeVisible();

    await page.getByRole('button', { name: 'Delete @jane_old_e2e' }).click();
    await page
      .getByRole('dialog', { name: 'Delete @jane_old_e2e?' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    await expect(accountItem(page, '@jane_old_e2e on OnlyFans')).toHaveCount(0);
    await expect(meter).toContainText('1 of 2 usernames');

    await addAccount(page, { platform: 'Instagram', username: 'instagram.com/Jane.E2E' });
    const insta = accountItem(page, '@Jane.E2E on Instagram');
    await expect(insta.getByText('Unverified')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Instagram accounts' }).locator(':scope > li'),
    ).toHaveCount(1);
    await expect(meter).toContainText('2 of 2 usernames');
  });

  await test.step('after a reload: grouped by platform, each marked verified or not', async () => {
    await page.reload();
    await expect(page.getByText('2 accounts, 1 not verified yet.')).toBeVisible();
    await expect(
      accountItem(page, '@Jane_E2E on OnlyFans').getByText('Verified', { exact: true }),
    ).toBeVisible();
    await expect(accountItem(page, '@Jane.E2E on Instagram').getByText('Unverified')).toBeVisible();
    const headings = page
      .getByRole('region', { name: 'Your accounts' })
      .getByRole('heading', { level: 3 });
    await expect(headings).toHaveText(['OnlyFans (1)', 'Instagram (1)']);
  });

  await test.step('editing the username to another profile resets its proof', async () => {
    await page.getByRole('button', { name: 'Edit @Jane_E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit @Jane_E2E' });
    await dialog.getByLabel('Username or profile link').fill('jane_renamed_e2e');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const renamed = accountItem(page, '@jane_renamed_e2e on OnlyFans');
    await expect(renamed.getByText('Unverified')).toBeVisible();
  });
});
