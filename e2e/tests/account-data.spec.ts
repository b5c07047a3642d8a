// "Your data" on /account in Chromium against the real server: a creator downloads all her data (a ZIP
// archive whose JSON document names her, or the JSON alone), then deletes her account — a wrong confirmation is refused — and lands signed out on
// the sign-in page, where her old credentials no longer work.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './pages-support.ts';

test('a creator downloads her data, then deletes her account', async ({
  page,
  signedInCreator,
  signIn,
}) => {
  test.setTimeout(90_000);
  const section = page.getByRole('region', { name: 'Your data', exact: true });

  await test.step('download all her data', async () => {
    await page.goto('/account');
    const downloading = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Download all my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['data.json', 'files.json']));
    const data = JSON.parse(strFromU8(files['data.json']!)) as {
      format: string;
      profile: { email: string };
    };
    expect(data.format).toBe('shark-account-export');
    expect(data.profile.email).toBe(signedInCreator.email);
  });

  await test.step('or only the records, as JSON', async () => {
    const downloading = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Only the records, as JSON' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string };
    expect(data.format).toBe('shark-account-export');
  });

  await test.step('a wrong confirmation is refused', async () => {
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type "delete my account" to confirm').fill('delete it');
    await dialog.getByLabel('Your password').fill(signedInCreator.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Type "delete my account".')).toBeVisible();
  });

  await test.step('delete → signed out on the sign-in page', async () => {
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type "delete my account" to confirm').fill('delete my account');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByText('Your account was deleted')).toBeVisible();
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  await test.step('signing in again fails', async () => {
    await signIn({ email: signedInCreator.email, password: signedInCreator.password });
    await expect(page.getByRole('alert')).toContainText(
      'The e-mail address or the password is not correct.',
    );
  });
});
