// Onboarding through the UI (usernames, search terms, done) for a subscriber and for a free creator,
// and a subscriber managing search terms on Search Engines.
import type { Page } from '@playwright/test';
import { expect, grant, test } from './pages-support.ts';
import { BRAND } from './shell-support.ts';

/** The sidebar item that leads to onboarding while it is needed (wording per variant). */
const ONBOARDING_ITEM = BRAND.sidebarVariant === 'grouped' ? 'Start Here' : 'Onboarding';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function needsOnboarding(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/user', { headers: { 'x-provider': BRAND.id } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { needsOnboarding: boolean }).needsOnboarding;
}

async function addUsername(page: Page, platform: string, username: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a username' });
  await form.getByLabel('Platform').selectOption({ label: platform });
  await form.getByLabel('Username or profile link').fill(username);
  await form.getByRole('button', { name: 'Add username' }).click();
}

test('a new subscriber sets up usernames and search terms, and Start Here leaves the sidebar', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: ONBOARDING_ITEM })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The free scan' })).toBeVisible();

  await test.step('step 1: usernames, with field errors', async () => {
    await expect(page.getByRole('heading', { name: 'Your usernames' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to search terms' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add username' }).click();
    await expect(page.getByText('Enter a username or a link to the profile.')).toBeVisible();

    await addUsername(page, 'OnlyFans', '@jane_doe');
    const list = page.getByRole('list', { name: 'Your usernames' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('jane_doe');
    await expect(list).toContainText('OnlyFans');
    await expect(page.getByTestId('usage-usernames')).toContainText('1 of 2 usernames');
    await page.getByRole('button', { name: 'Continue to search terms' }).click();
  });

  await test.step('step 2: suggestions checked up to the plan, plus an own term', async () => {
    await expect(page.getByRole('heading', { name: 'Search terms' })).toBeFocused();
    const suggestions = page.getByRole('group', { name: 'Suggested for you' });
    await expect(suggestions.getByRole('checkbox', { name: /^jane_doe leaked/ })).toBeChecked();
    await expect(suggestions.getByRole('checkbox', { checked: true })).toHaveCount(10);
    await expect(page.getByText('10 of 10 search terms chosen')).toBeVisible();

    await page.getByRole('textbox', { name: 'Add your own term' }).fill('leaked');
    await page.getByRole('button', { name: 'Add term' }).click();
    await expect(page.getByText(/Add a name or username/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Add your own term' }).fill('Jane Doe Official');
    await page.getByRole('button', { name: 'Add term' }).click();
    await expect(page.getByRole('list', { name: 'Your terms' })).toContainText('Jane Doe Official');

    // Eleven would be one too many for Standard.
    await expect(page.getByText(/11 of 10 search terms chosen/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish set-up' })).toBeDisabled();
    await suggestions.getByRole('checkbox', { name: /^jannedoe/ }).uncheck();
    await suggestions.getByRole('checkbox', { name: /^janedeo/ }).uncheck();
    await expect(page.getByText('9 of 10 search terms chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Finish set-up' }).click();
  });

  await test.step('step 3: done, pointing to the first scan, and Start Here is gone', async () => {
    await expect(page.getByRole('heading', { name: 'You’re set up' })).toBeFocused();
    await expect(
      page.getByText(`${BRAND.name} knows 1 username and 9 search terms to look for.`),
    ).toBeVisible();
    await expect(page.getByText(/Start it with the free scan beside this/)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: ONBOARDING_ITEM })).toHaveCount(0);
    expect(await needsOnboarding(page)).toBe(false);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'You’re set up' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: ONBOARDING_ITEM })).toHaveCount(0);
  });

  await test.step('the choices are the active terms on Search Engines', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Search Engines' }).click();
    await expect(page).toHaveURL('/search-terms');
    const active = page.getByRole('list', { name: 'Your search terms' });
    await expect(active.getByRole('listitem')).toHaveCount(9);
    await expect(active).toContainText('Jane Doe Official');
    await expect(active).toContainText('jane_doe leaked');
  });
});

test('a free creator is onboarded within the free tier and offered protection', async ({
  page,
  signedInCreator: _creator,
}) => {
  await page.goto('/onboarding');
  await addUsername(page, 'Instagram', 'bella.rose');
  await expect(page.getByRole('list', { name: 'Your usernames' })).toContainText('bella.rose');
  // The free tier has room for one username; the API's message names the plan that has more.
  await addUsername(page, 'Fansly', 'bellarose');
  await expect(page.getByRole('alert')).toContainText('Without a subscription you get 1 username');
  await expect(page.getByRole('alert')).toContainText('Standard includes 2 usernames');

  await page.getByRole('button', { name: 'Continue to search terms' }).click();
  const suggestions = page.getByRole('group', { name: 'Suggested for you' });
  await expect(suggestions.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await expect(suggestions.getByRole('checkbox', { name: /^bella\.rose instagram/ })).toBeVisible();
  await expect(page.getByText('3 of 3 search terms chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Finish set-up' }).click();

  await expect(page.getByRole('heading', { name: 'You’re set up' })).toBeVisible();
  await expect(
    page.getByText(`${BRAND.name} knows 1 username and 3 search terms to look for.`),
  ).toBeVisible();
  expect(await needsOnboarding(page)).toBe(false);

  await page.getByRole('link', { name: 'Activate Your Protection Now' }).click();
  await expect(page).toHaveURL('/plans');
});

test('a subscriber adds, accepts, dismisses, edits and deletes search terms', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  const account = await page.request.post('/api/accounts', {
    headers: { 'x-provider': BRAND.id, 'content-type': 'application/json' },
    data: { platform: 'onlyfans', username: 'jane_doe' },
  });
  expect(account.status(), await account.text()).toBe(201);

  await page.goto('/search-terms');
  await expect(page).toHaveTitle(`${BRAND.name} | Search Engines`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Engines' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No search terms yet' })).toBeVisible();
  const suggestions = page.getByRole('list', { name: 'Suggested search terms' });
  await expect(suggestions.getByRole('listitem').first()).toContainText('jane_doe');
  await expect(suggestions).toContainText('from jane_doe on OnlyFans');

  await test.step('add, with field errors and duplicates', async () => {
    const term = page.getByRole('textbox', { name: 'Search term' });
    await term.fill('the leaked');
    await page.getByRole('button', { name: 'Add term' }).click();
    await expect(page.getByText(/Add a name or username/)).toBeVisible();
    await expect(term).toHaveAttribute('aria-invalid', 'true');

    await term.fill('Jane Doe Official');
    await page.getByRole('button', { name: 'Add term' }).click();
    const active = page.getByRole('list', { name: 'Your search terms' });
    await expect(active.getByRole('listitem')).toHaveCount(1);
    await expect(active).toContainText('Jane Doe Official');
    await expect(active).toContainText('Not searched yet');
    await expect(active).toContainText('All sources that are on');
    await expect(term).toHaveValue('');

    await term.fill('jane  doe OFFICIAL');
    await page.getByRole('button', { name: 'Add term' }).click();
    await expect(page.getByText('You already search for “Jane Doe Official”.')).toBeVisible();
    await expect(page.getByTestId('usage-searchTerms')).toContainText('1 of 10 search terms');
  });

  await test.step('accept a suggestion', async () => {
    await page.getByRole('button', { name: 'Accept “jane_doe leaked”' }).click();
    const active = page.getByRole('list', { name: 'Your search terms' });
    await expect(active.getByRole('listitem')).toHaveCount(2);
    await expect(active).toContainText('Suggested from jane_doe on OnlyFans');
    await expect(page.getByRole('button', { name: 'Accept “jane_doe leaked”' })).toHaveCount(0);
    await expect(page.getByTestId('usage-searchTerms')).toContainText('2 of 10 search terms');
  });

  await test.step('dismiss one: it stays gone', async () => {
    await page.getByRole('button', { name: 'Dismiss “janedoe”' }).click();
    await expect(suggestions.getByText('janedoe', { exact: true })).toHaveCount(0);
    await expect(page.getByText('1 dismissed suggestion is hidden')).toBeVisible();
    await page.reload();
    await expect(suggestions.getByRole('listitem').first()).toBeVisible();
    await expect(suggestions.getByText('janedoe', { exact: true })).toHaveCount(0);
  });

  await test.step('edit the sources of a term', async () => {
    await page.getByRole('button', { name: 'Edit “Jane Doe Official”' }).click();
    const form = page.getByRole('form', { name: 'Edit “Jane Doe Official”' });
    await form.getByRole('checkbox', { name: 'Brave Search (web)' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('list', { name: 'Your search terms' })).toContainText(
      'Sources:Brave Search (web)',
    );
  });

  await test.step('delete a term', async () => {
    await page.getByRole('button', { name: 'Delete “Jane Doe Official”' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const active = page.getByRole('list', { name: 'Your search terms' });
    await expect(active.getByRole('listitem')).toHaveCount(1);
    await expect(active).not.toContainText('Jane Doe Official');
    await expect(page.getByTestId('usage-searchTerms')).toContainText('1 of 10 search terms');
  });

  await test.step('accept all that fit the plan', async () => {
    await page.getByRole('button', { name: /^Accept \d+ that fit your plan$/ }).click();
    await expect(page.getByTestId('usage-searchTerms')).toContainText('10 of 10 search terms');
    await expect(
      page.getByRole('list', { name: 'Your search terms' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expect(page.getByText('Your plan’s search terms are all in use.')).toBeVisible();
  });
});
