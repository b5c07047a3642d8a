// The whitelist in a real browser: a subscriber adds an entry, pastes several (one unreadable, one
// duplicate), imports a CSV file, checks URLs that are and are not covered, and deletes an entry.
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, grant, test } from './pages-support.ts';

test('a subscriber builds a whitelist, checks URLs against it and deletes an entry', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  await page.goto('/whitelist');
  await expect(page).toHaveTitle('Shark | Whitelist');
  await expect(page.getByRole('heading', { level: 1, name: 'Whitelist' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your whitelist is empty' })).toBeVisible();
  const meter = page.getByTestId('usage-whitelistEntries');
  await expect(meter).toHaveText(/^0 of 200 whitelist entries on your Standard plan/);
  const list = page.getByRole('list', { name: 'Whitelist entries' });
  /** The list item whose address is exactly `display`. */
  const entry = (display: string) =>
    list.getByRole('listitem').filter({ has: page.getByText(display, { exact: true }) });

  await test.step('add one entry, after a refused one', async () => {
    const value = page.getByLabel('URL, domain or pattern');
    await value.fill('https://mysite.example@evil.example/');
    await page.getByRole('button', { name: 'Add to Whitelist' }).click();
    await expect(page.getByText(/^Remove the part before @/)).toBeVisible();
    await expect(value).toHaveAttribute('aria-invalid', 'true');

    await value.fill('MySite.example');
    await page.getByLabel('Note', { exact: true }).fill('My own website');
    await page.getByRole('button', { name: 'Add to Whitelist' }).click();
    await expect(entry('mysite.example')).toContainText('Domain');
    await expect(entry('mysite.example')).toContainText('My own website');
    await expect(entry('mysite.example')).toContainText('Entered as MySite.example');
    await expect(value).toHaveValue('');
    await expect(meter).toHaveText(/^1 of 200 whitelist entries/);
  });

  await test.step('paste several: an unreadable line and a duplicate are reported, not added', async () => {
    await page.getByRole('tab', { name: 'Paste Many' }).click();
    const box = page.getByLabel('Entries, one per line');
    await box.fill(
      [
        'https://partner.example/promo',
        'not a url',
        'www.mysite.example/',
        'http://MYSITE.example',
        '*.affiliate.example/ref/*',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Add All' }).click();

    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText(
      'Pasted list: 3 entries added, 1 duplicate, 1 could not be read.',
    );
    const lines = report.getByRole('list', { name: 'Result of each line' }).getByRole('listitem');
    await expect(lines).toHaveCount(5);
    await expect(lines.nth(1)).toContainText('Not valid');
    await expect(lines.nth(1)).toContainText('An address cannot contain spaces.');
    await expect(lines.nth(3)).toContainText('Duplicate');
    await expect(lines.nth(3)).toContainText(
      'Already on your whitelist as the domain mysite.example.',
    );
    // The unreadable line stays in the box to be fixed.
    await expect(box).toHaveValue('not a url');

    await expect(entry('partner.example/promo')).toContainText('URL');
    await expect(entry('*.affiliate.example/ref/*')).toContainText('Pattern');
    await expect(entry('www.mysite.example')).toContainText('Domain');
    await expect(meter).toHaveText(/^4 of 200 whitelist entries/);
  });

  await test.step('import a CSV file with a header and notes', async () => {
    await page.getByRole('tab', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'partners.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'value,note\r\nhttps://shop.example/,"Licensed shop, since 2024"\r\nlinks.example/me,Link page\r\n',
      ),
    });
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(page.getByRole('region', { name: 'Import report' })).toContainText(
      'partners.csv: 2 entries added.',
    );
    await expect(entry('shop.example')).toContainText('Licensed shop, since 2024');
    await expect(entry('links.example/me')).toContainText('Link page');
    await expect(meter).toHaveText(/^6 of 200 whitelist entries/);
    await page.getByRole('button', { name: 'Close the import report' }).click();
    await expect(page.getByRole('region', { name: 'Import report' })).toBeHidden();
  });

  const checkUrl = async (url: string) => {
    await page.getByLabel('URL to check').fill(url);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const result = page.getByTestId('check-result');
    // The answer is for this address, not the one checked before.
    await expect(result).toContainText(url);
    return result;
  };

  await test.step('check URLs that are and are not covered', async () => {
    const covered = await checkUrl('http://blog.mysite.example/post?utm_source=x');
    await expect(covered).toContainText('Whitelisted');
    await expect(covered).toContainText(
      'The domain mysite.example covers its subdomain blog.mysite.example.',
    );

    const page2 = await checkUrl('https://partner.example/promo/');
    await expect(page2).toContainText('Whitelisted');
    await expect(page2).toContainText(
      'The URL partner.example/promo matches, ignoring the trailing slash.',
    );

    const lookAlike = await checkUrl('https://mysite.example.evil.example/');
    await expect(lookAlike).toContainText('Not whitelisted');
    await expect(lookAlike).toContainText('No entry on your whitelist covers this address.');
  });

  await test.step('delete an entry after confirming; the check follows', async () => {
    await entry('partner.example/promo')
      .getByRole('button', { name: 'Delete partner.example/promo' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete partner.example/promo?' });
    await expect(dialog).toContainText('Leaks found there can then be reported and taken down');
    await dialog.getByRole('button', { name: 'Delete Entry' }).click();
    await expect(dialog).toBeHidden();
    await expect(entry('partner.example/promo')).toHaveCount(0);
    await expect(meter).toHaveText(/^5 of 200 whitelist entries/);

    const gone = await checkUrl('https://partner.example/promo');
    await expect(gone).toContainText('Not whitelisted');
  });

  await test.step('the whitelist is kept on the server', async () => {
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(entry('mysite.example')).toContainText('My own website');
  });
});

test('the whitelist screen, filled and with a report and an answer, passes axe in light and dark mode', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'plus' });
  await page.goto('/whitelist');
  await page.getByRole('tab', { name: 'Paste Many' }).click();
  await page
    .getByLabel('Entries, one per line')
    .fill('example.com\nhttps://partner.example/promo\nnot valid\nexample.com');
  await page.getByRole('button', { name: 'Add All' }).click();
  await expect(page.getByRole('region', { name: 'Import report' })).toContainText(
    '2 entries added',
  );
  await page.getByLabel('URL to check').fill('https://www.example.com/');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('check-result')).toContainText('Whitelisted');

  await expectNoAxeViolations(page, 'the whitelist');
});
