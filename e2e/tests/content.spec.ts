// Your Content (/branches): a subscribed creator describes their works — a collection, a photo and a
// video with the pages where they are sold — then edits, filters and deletes them.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, grant, test } from './pages-support.ts';

/**
 * axe-core finds no serious or critical violation on the page as it is now. The app-wide toasts are
 * left out: their light-mode colours (Sonner's richColors) are the shell's, not this page's.
 */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect.soft(blocking, `axe on ${label}`).toEqual([]);
}

test('a subscribed creator describes, edits, filters and deletes their content', async ({
  page,
  signedInCreator,
}) => {
  // One journey through every part of the page, with two axe scans: more than the default minute.
  test.slow();
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  await page.goto('/branches');
  await expect(page).toHaveTitle('Shark | Your Content');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Content' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Describe your first work' })).toBeVisible();

  const collections = page.getByRole('navigation', { name: 'Collections' });
  const itemCard = (title: string) => page.getByRole('article', { name: title, exact: true });
  const itemForm = (name: 'New item' | 'Edit item') => page.getByRole('form', { name });
  const saleLink = (form: Locator, row: number) =>
    form.getByRole('textbox', { name: `Sale link ${row}`, exact: true });

  await test.step('create a collection; a second one with the same name is refused by the API', async () => {
    await collections.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Name').fill('Summer 2024');
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]collection=[\w-]+/);
    await expect(page.getByRole('heading', { level: 2, name: 'Summer 2024' })).toBeVisible();
    await expect(collections.getByRole('link', { name: 'Summer 2024, 0 items' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'This collection is empty' })).toBeVisible();

    await collections.getByRole('button', { name: 'New collection' }).click();
    const again = page.getByRole('dialog', { name: 'New collection' });
    await again.getByLabel('Name').fill('summer 2024');
    await again.getByRole('button', { name: 'Create collection' }).click();
    await expect(again.getByText('You already have a collection with this name.')).toBeVisible();
    await expect(again.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
  });

  await test.step('add a photo with two sale links to the collection', async () => {
    await page.getByRole('button', { name: 'New item' }).first().click();
    const form = itemForm('New item');
    await form.getByLabel('Title').fill('Beach photo');
    await form.getByText('Photo', { exact: true }).click();
    await form.getByLabel('Date published').fill('2024-06-01');
    await saleLink(form, 1).fill('https://onlyfans.com/creator/post/1');
    await form.getByRole('button', { name: 'Add a sale link' }).click();
    await expect(saleLink(form, 2)).toBeFocused();
    await saleLink(form, 2).fill('https://fansly.com/creator/post/1');
    // Opened from the collection, the item goes into it.
    await expect(form.getByLabel('Collection')).toHaveValue(/[\w-]{10,}/);
    await form.getByRole('button', { name: 'Create item' }).click();
    await expect(form).toBeHidden();

    const card = itemCard('Beach photo');
    await expect(card).toBeVisible();
    await expect(card.getByText('Photo', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'onlyfans.com/creator/post/1' })).toHaveAttribute(
      'href',
      'https://onlyfans.com/creator/post/1',
    );
    await expect(card.getByRole('link', { name: 'fansly.com/creator/post/1' })).toBeVisible();
    await expect(collections.getByRole('link', { name: 'Summer 2024, 1 item' })).toBeVisible();
  });

  await test.step('add a video: a sale link without http(s) is refused with its message', async () => {
    await page.getByRole('button', { name: 'New item' }).first().click();
    const form = itemForm('New item');
    await form.getByLabel('Title').fill('Beach video');
    await form.getByText('Video', { exact: true }).click();
    await saleLink(form, 1).fill('https://onlyfans.com/creator/post/2');
    await form.getByRole('button', { name: 'Add a sale link' }).click();
    await saleLink(form, 2).fill('shop.example.com/beach-video');
    await form.getByRole('button', { name: 'Create item' }).click();

    await expect(
      form.getByText('Enter a full web address that starts with http:// or https://.'),
    ).toBeVisible();
    await expect(saleLink(form, 2)).toHaveAttribute('aria-invalid', 'true');
    await expect(saleLink(form, 2)).toBeFocused();
    await expect(saleLink(form, 1)).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the item form with an error');

    await saleLink(form, 2).fill('https://shop.example.com/beach-video');
    await form.getByRole('button', { name: 'Create item' }).click();
    await expect(form).toBeHidden();
    await expect(
      itemCard('Beach video').getByRole('link', { name: 'shop.example.com/beach-video' }),
    ).toBeVisible();
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the list of items');
  });

  await test.step('edit the photo', async () => {
    await itemCard('Beach photo').getByRole('button', { name: 'Edit Beach photo' }).click();
    const form = itemForm('Edit item');
    await expect(form.getByLabel('Title')).toHaveValue('Beach photo');
    await expect(form.getByLabel('Date published')).toHaveValue('2024-06-01');
    await expect(saleLink(form, 2)).toHaveValue('https://fansly.com/creator/post/1');
    await form.getByLabel('Title').fill('Beach photo (uncut)');
    await form.getByText('Set', { exact: true }).click();
    await form.getByRole('button', { name: 'Remove sale link 2' }).click();
    await form.getByLabel('Description').fill('The full shoot, 40 photos.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();

    const card = itemCard('Beach photo (uncut)');
    await expect(card.getByText('Set', { exact: true })).toBeVisible();
    await expect(card.getByText('The full shoot, 40 photos.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'fansly.com/creator/post/1' })).toHaveCount(0);
    await expect(itemCard('Beach photo')).toHaveCount(0);
  });

  await test.step('filter by type and by text, in the URL', async () => {
    const types = page.getByRole('group', { name: 'Type' });
    await types.getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/type=video/);
    await expect(itemCard('Beach video')).toBeVisible();
    await expect(itemCard('Beach photo (uncut)')).toHaveCount(0);

    await types.getByRole('link', { name: 'Photos' }).click();
    await expect(page.getByRole('heading', { name: 'No items match' })).toBeVisible();

    await types.getByRole('link', { name: 'All types' }).click();
    await page.getByLabel('Search items').fill('full shoot');
    await expect(page).toHaveURL(/q=full(\+|%20)shoot/);
    await expect(itemCard('Beach photo (uncut)')).toBeVisible();
    await expect(itemCard('Beach video')).toHaveCount(0);

    // The filters survive a reload: they live in the URL.
    await page.reload();
    await expect(page.getByLabel('Search items')).toHaveValue('full shoot');
    await expect(itemCard('Beach photo (uncut)')).toBeVisible();
    await expect(itemCard('Beach video')).toHaveCount(0);

    await page.getByLabel('Search items').fill('');
    await expect(itemCard('Beach video')).toBeVisible();
  });

  await test.step('reference files: none uploaded, and uploads are not switched on for this account', async () => {
    await itemCard('Beach video')
      .getByRole('button', { name: 'Reference files of Beach video' })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Reference files of “Beach video”' });
    await expect(sheet.getByText('No files linked yet.')).toBeVisible();
    await expect(sheet.getByText('You have not uploaded any reference files yet.')).toBeVisible();
    await expect(sheet.getByText(/not switched on for your account/)).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Go to Uploaded Files' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('delete the video', async () => {
    await itemCard('Beach video').getByRole('button', { name: 'Delete Beach video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Beach video”?' });
    await dialog.getByRole('button', { name: 'Delete item' }).click();
    await expect(dialog).toBeHidden();
    await expect(itemCard('Beach video')).toHaveCount(0);
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    await expect(collections.getByRole('link', { name: 'Summer 2024, 1 item' })).toBeVisible();
  });

  await test.step('delete the collection only: its item stays, in no collection', async () => {
    await collections.getByRole('button', { name: 'Actions for Summer 2024' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Summer 2024”?' });
    await expect(dialog.getByRole('button', { name: 'Delete with 1 item' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete collection only' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'All items' })).toBeVisible();
    await expect(collections.getByRole('link', { name: /^Summer 2024/ })).toHaveCount(0);
    await collections.getByRole('link', { name: 'Not in a collection, 1 item' }).click();
    await expect(itemCard('Beach photo (uncut)')).toBeVisible();
  });
});
