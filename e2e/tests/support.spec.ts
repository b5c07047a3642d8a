// Support in a real browser: a creator opens Help from the user menu, asks a question, sees it waiting
// for the team in her list, replies and closes it; the not-found view's Get help opens the form with
// the missing page filled in. (The team's side is covered over HTTP in support.int.test.ts.)
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, test } from './shell-support.ts';

test('a creator asks for help from the user menu, follows up and closes the request', async ({
  page,
  creator: _creator,
}) => {
  const subject = `My takedown seems stuck ${Date.now().toString(36)}`;

  await test.step('Help in the user menu opens her (empty) list', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Help' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No requests yet' })).toBeVisible();
  });

  await test.step('the form refuses an empty request, then sends it', async () => {
    await page.getByRole('link', { name: 'New request' }).first().click();
    await expect(page).toHaveURL('/support/new');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Write a subject.')).toBeVisible();
    await expect(page.getByLabel('Subject')).toBeFocused();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Nothing happened for a week. Can you check?');
    await expectNoAxeViolations(page, '/support/new');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Waiting for the team')).toBeVisible();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText('Nothing happened for a week. Can you check?');
  });

  await test.step('she replies and closes it', async () => {
    await page.getByLabel('Your reply').fill('The page is still up today.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('The page is still up today.');
    await expect(page.getByLabel('Your reply')).toHaveValue('');
    await expectNoAxeViolations(page, '/support/$id');
    await page.getByRole('button', { name: 'Close the request' }).click();
    await expect(page.getByText('The request is closed.')).toBeVisible();
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  });

  await test.step('her list shows it with its status and last activity', async () => {
    await page.getByRole('link', { name: 'All requests' }).click();
    await expect(page).toHaveURL('/support');
    const entry = page.getByRole('link', { name: new RegExp(subject) });
    await expect(entry).toContainText('Closed');
    await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByText('0 of at most 20 requests not closed.')).toBeVisible();
  });

  await test.step('a missing page offers help, with the page named in the message', async () => {
    await page.goto('/dashboard/no-such-page');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Get help' }).click();
    await expect(page).toHaveURL(/\/support\/new\?/);
    await expect(page.getByLabel('Subject')).toHaveValue('A page I expected is missing');
    await expect(page.getByLabel('Message')).toHaveValue(
      /Page not found: \/dashboard\/no-such-page/,
    );
  });
});
