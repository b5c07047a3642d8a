// The staff console in a real browser: creators never see it exists; a new staff member turns on
// two-factor before anything opens, then signs in with a code; an admin gives, changes and takes a
// role on the Staff page and finds each change in the audit log.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { totpCode } from '../../apps/server/src/testing/totp.ts';
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, grantStaffRole, signUp, test } from './pages-support.ts';

async function expectNotFound(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
}

test('a creator visiting the staff console sees the not-found view; the signed-out are asked to sign in', async ({
  page,
  signedInCreator,
}) => {
  expect(signedInCreator.email).toMatch(/@example\.com$/);
  await expectNotFound(page, '/staff');
  await expectNotFound(page, '/staff/audit');
  await expectNotFound(page, '/staff/two-factor');

  await page.context().clearCookies();
  await page.goto('/staff/audit');
  await expect(page).toHaveURL('/sign-in?customRedirect=%2Fstaff%2Faudit');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('a new admin turns on two-factor, signs in with a code, manages staff and reads the audit log', async ({
  page,
  request,
  baseURL,
  signedInCreator: admin,
}) => {
  await grantStaffRole(admin.email, 'admin');
  let secret = '';

  await test.step('the console opens on the two-factor set-up only', async () => {
    await page.goto('/staff/audit');
    await expect(page).toHaveURL('/staff/two-factor');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This is not your password.')).toBeVisible();
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('img', { name: 'QR code of the two-factor secret' })).toBeVisible();
    secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await expect(
      page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expectNoAxeViolations(page, 'the two-factor set-up');

    await page.getByLabel('6-digit code').fill('12345');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page.getByText('Enter the 6 digits your authenticator app shows.')).toBeVisible();
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page).toHaveURL('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, E2E' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    // A link's name ends in "N waiting" while its part of the console has open work.
    for (const name of ['Work queue', 'Support', 'Creators', 'Audit log', 'Staff'])
      await expect(
        nav.getByRole('link', { name: new RegExp(`^${name}( \\d+ waiting)?$`) }),
      ).toBeVisible();
    await expectNoAxeViolations(page, 'the staff console’s welcome');
  });

  await test.step('signing in again asks for the code from the app', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/staff');
    await expect(page).toHaveURL('/sign-in?customRedirect=%2Fstaff');
    // The form of the page the guard sent her to, so that she comes back to the console after.
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await expect(page.getByLabel('Backup code')).toBeVisible();
    await page.getByRole('button', { name: 'Use the authenticator app' }).click();
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, E2E' })).toBeVisible();
  });

  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const colleague = {
    name: 'Casey Colleague',
    email: `e2e-staff-${id}@example.com`,
    password: `colleague-${id}-Passw0rd`,
  };
  await signUp({ request, page, baseURL }, colleague);
  const row = page.getByRole('row').filter({ hasText: colleague.email });

  await test.step('the Staff page gives a role, changes it and takes it away', async () => {
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Staff', exact: true })
      .click();
    await expect(page).toHaveURL('/staff/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const email = page.getByLabel('E-mail of the account');
    await email.fill(`nobody-${id}@example.com`);
    await page.getByRole('button', { name: 'Give the role' }).click();
    await expect(page.getByText('No account uses this address.')).toBeVisible();

    await email.fill(colleague.email.toUpperCase());
    await page.getByLabel('Role', { exact: true }).selectOption('agent');
    await page.getByRole('button', { name: 'Give the role' }).click();
    await expect(row).toContainText('Casey Colleague');
    await expect(row.getByLabel(`Role of ${colleague.email}`)).toHaveValue('agent');
    await expect(row).toContainText('Off');
    await expectNoAxeViolations(page, 'the Staff page');

    await row.getByLabel(`Role of ${colleague.email}`).selectOption('admin');
    await expect(page.getByText(`${colleague.email} is now admin`)).toBeVisible();

    await row.getByRole('button', { name: `Remove ${colleague.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Take the staff role away?' });
    await dialog.getByRole('button', { name: 'Take the role away' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
  });

  await test.step('the audit log shows each change, newest first, and filters them', async () => {
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page).toHaveURL('/staff/audit');
    const events = page
      .getByRole('list', { name: 'Audit events, newest first' })
      .getByRole('listitem');
    await expect(events.first()).toContainText('staff.revoke');
    await expect(events.first()).toContainText(admin.email);
    await expectNoAxeViolations(page, 'the audit log');

    await page.getByLabel('Action (e.g. staff.grant)').fill('staff.grant');
    await page.getByLabel('Record type').fill('staff_member');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/action=staff\.grant/);
    const mine = events.filter({ hasText: colleague.email });
    await expect(mine).toHaveCount(2);
    // The newest: agent → admin, by the admin, from her address.
    await expect(mine.first().getByRole('row', { name: /role/ })).toContainText('agent');
    await expect(mine.first().getByRole('row', { name: /role/ })).toContainText('admin');
    await expect(mine.first()).toContainText(`By${admin.email}`);
    await expect(events.filter({ hasText: 'staff.revoke' })).toHaveCount(0);
  });
});
