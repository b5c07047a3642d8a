import { expect, test } from './fixtures.ts';

test('the sign-up form names a password that is too easy to guess', async ({ page, account }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Repeat password').fill('password');
  await page.getByRole('button', { name: 'Sign Up with Email' }).click();

  await expect(
    page.getByText('This password is one of the most common passwords. Choose another one.'),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL('/sign-up');
});

test('a creator signs up, verifies the e-mail, resets the password and signs in again', async ({
  page,
  account,
  mailbox,
  signIn,
}) => {
  await test.step('sign up', async () => {
    await page.goto('/sign-up');
    await expect(page).toHaveTitle('Shark | Sign Up');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Repeat password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up with Email' }).click();

    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(
      page.getByText(
        `We sent a verification link to ${account.email}. Open it to activate your account.`,
      ),
    ).toBeVisible();
  });

  await test.step('sign-in waits for the verified e-mail', async () => {
    await signIn(account);
    await expect(page.getByRole('alert')).toContainText(/verify your e-mail/i);
    await expect(
      page.getByRole('button', { name: 'Resend the verification e-mail' }),
    ).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
  });

  await test.step('open the verification link: verified and signed in', async () => {
    const verificationPath = await mailbox.linkTo(
      account.email,
      /verify/i,
      '/email-settings/verification/',
    );
    await page.goto(verificationPath);
    await expect(page.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(page).toHaveTitle('Shark | Dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
    await expect(page.getByText('E-mail verified')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
    await expect(page.getByText('Free', { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    // The session is gone, not just the page.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  const newPassword = `second-${account.password}`;

  await test.step('request a password reset', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveTitle('Shark | Reset Password');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText(
        `If an account exists for ${account.email}, we sent a link to reset the password. The link works once and expires in one hour.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
  });

  await test.step('open the reset link and create a new password', async () => {
    const resetPath = await mailbox.linkTo(account.email, /reset/i, '/reset/');
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save New Password' }).click();

    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByText('Your password was changed')).toBeVisible();
  });

  await test.step('the reset link works only once', async () => {
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
    await page.getByLabel('New password').fill(`third-${account.password}`);
    await page.getByLabel('Confirm password').fill(`third-${account.password}`);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This reset link is invalid or has expired.',
    );
    await expect(page.getByRole('link', { name: 'Request a new one.' })).toBeVisible();
  });

  await test.step('the old password is refused', async () => {
    await signIn({ email: account.email, password: account.password });
    await expect(page.getByRole('alert')).toContainText(/password is not correct/i);
    await expect(page).toHaveURL('/sign-in');
  });

  await test.step('the new password signs in', async () => {
    await signIn({ email: account.email, password: newPassword });
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
  });
});

test('the sign-up form shows errors beside the fields it refuses', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Repeat password').fill('something-else');
  await page.getByRole('button', { name: 'Sign Up with Email' }).click();

  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
  await expect(email).toBeFocused();
  await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription(
    'The passwords do not match.',
  );
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
});

test('a signed-out visitor of a protected page is sent to sign in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?customRedirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page).toHaveTitle('Shark | Sign In');
});

test('an unknown route shows Not Found', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('invalid search options show the error view with a toggle for the details', async ({
  page,
}) => {
  await page.goto('/sign-in?isAffiliateOnly=notabool');
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();

  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText(/isAffiliateOnly/)).toBeVisible();
  await page.getByRole('button', { name: 'Hide Error' }).click();
  await expect(page.getByText(/isAffiliateOnly/)).toBeHidden();
});

test('the affiliate variant of sign-in keeps the option on the way to sign-up', async ({
  page,
}) => {
  await page.goto('/sign-in?isAffiliateOnly=true');
  await expect(
    page.getByRole('heading', { name: 'Sign in to your affiliate account' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/sign-up?isAffiliateOnly=true');
  await expect(page.getByRole('heading', { name: 'Join the affiliate programme' })).toBeVisible();
});
