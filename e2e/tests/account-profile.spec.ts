// The profile part of /account in Chromium against the real server: a creator renames herself, changes
// her password (a wrong current one is refused beside the field) and signs in with the new one, then
// changes her e-mail address: the page says which address waits for confirmation while the old one
// still counts, and after she opens the link from the new mailbox the page shows the new address.
import { expect, test } from './pages-support.ts';

test('a creator changes her name, password and e-mail address on her account page', async ({
  page,
  signedInCreator,
  mailbox,
  signIn,
}) => {
  test.setTimeout(120_000);
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  const password = page.getByRole('region', { name: 'Password', exact: true });
  const emailSection = page.getByRole('region', { name: 'E-mail address', exact: true });
  const connected = page.getByRole('region', { name: 'Connected accounts', exact: true });
  const newPassword = `${signedInCreator.password}-changed`;
  const newEmail = signedInCreator.email.replace('@', '-new@');

  await test.step('change the name', async () => {
    await page.goto('/account');
    await expect(profile.getByLabel('Name')).toHaveValue(signedInCreator.name);
    await profile.getByLabel('Name').fill('Renamed Creator');
    await profile.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('Your name was saved')).toBeVisible();

    await page.reload();
    await expect(profile.getByLabel('Name')).toHaveValue('Renamed Creator');
  });

  await test.step('e-mail and password is the only way in: Google is not connected', async () => {
    await expect(connected.getByText('Not connected')).toBeVisible();
    await expect(connected.getByRole('button', { name: 'Connect Google' })).toBeVisible();
  });

  await test.step('a wrong current password is refused beside the field', async () => {
    await password.getByLabel('Current password').fill('not-my-password-1');
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Repeat new password').fill(newPassword);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(password.getByText('The current password is not correct.')).toBeVisible();
  });

  await test.step('change the password, then sign in with the new one', async () => {
    await password.getByLabel('Current password').fill(signedInCreator.password);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password was changed')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveValue('');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in');

    await signIn({ email: signedInCreator.email, password: signedInCreator.password });
    await expect(page.getByRole('alert')).toContainText(
      'The e-mail address or the password is not correct.',
    );

    await signIn({ email: signedInCreator.email, password: newPassword });
    await expect(page).toHaveURL('/dashboard');
  });

  await test.step('ask for a new e-mail address: the old one counts until the link is opened', async () => {
    await page.goto('/account');
    await emailSection.getByLabel('New e-mail address').fill(newEmail);
    await emailSection.getByRole('button', { name: 'Change E-mail Address' }).click();
    await expect(emailSection.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();
    await expect(emailSection.getByTestId('current-email')).toHaveText(signedInCreator.email);

    // The pending state survives a reload.
    await page.reload();
    await expect(emailSection.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();
    await expect(emailSection.getByTestId('current-email')).toHaveText(signedInCreator.email);
  });

  await test.step('open the link from the new mailbox and see the new address', async () => {
    const link = await mailbox.linkTo(
      newEmail,
      /confirm your new e-mail address/i,
      '/email-settings/verification/',
    );
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/dashboard');

    await page.goto('/account');
    await expect(emailSection.getByTestId('current-email')).toHaveText(newEmail);
    await expect(emailSection.getByText(/Waiting for confirmation/)).toHaveCount(0);
  });

  await test.step('the new address signs in', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in');
    await signIn({ email: newEmail, password: newPassword });
    await expect(page).toHaveURL('/dashboard');
  });
});

test('a change of address confirmed in another browser says to sign in there', async ({
  page,
  browser,
  signedInCreator,
  mailbox,
}) => {
  const emailSection = page.getByRole('region', { name: 'E-mail address', exact: true });
  const newEmail = signedInCreator.email.replace('@', '-elsewhere@');
  await page.goto('/account');
  await emailSection.getByLabel('New e-mail address').fill(newEmail);
  await emailSection.getByRole('button', { name: /Change E-mail/i }).click();
  await expect(emailSection.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();

  const link = await mailbox.linkTo(
    newEmail,
    /confirm your new e-mail address/i,
    '/email-settings/verification/',
  );
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await expect(other.getByText('This browser is not signed in')).toBeVisible();
    await other.getByRole('link', { name: 'Sign In' }).click();
    await expect(other).toHaveURL('/sign-in');
  } finally {
    await elsewhere.close();
  }

  // The first browser's session carries on with the new address.
  await page.reload();
  await expect(emailSection.getByTestId('current-email')).toHaveText(newEmail);
});
