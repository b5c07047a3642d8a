// Free Removals in Chromium against the real server and the simulated web (e2e/simulated-web-server.mjs):
// a creator with promoProtect and no subscription sees her allowance and the call to sign her agent
// authorisation, reports a page of the simulated web, sees it listed and followed to its takedown, and
// the counter go down; a page reported again is refused without spending a removal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, grant, test } from './pages-support.ts';

/** What the e2e server's simulated web planted (written to DATA_DIR by the server at start). */
function decoyPage(): string {
  const web = JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as {
    expected: { decoys: string[] };
  };
  return web.expected.decoys[0]!;
}

/** axe-core finds no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
}

test('a creator with Free Removals reports a leak and follows it to the takedown', async ({
  page,
  signedInCreator,
}) => {
  test.setTimeout(180_000);
  await grant(signedInCreator.email, { features: ['promoProtect'] });
  const leak = decoyPage();

  await page.goto('/promo-protect');
  await expect(page).toHaveTitle('Shark | Free Removals');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Removals' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Report a leak for removal' });
  const list = page.getByRole('list', { name: 'Free removals' });

  await test.step('her allowance, the call to sign, and no removal yet', async () => {
    await expect(page.getByTestId('allowance-limit')).toHaveText('3');
    await expect(page.getByTestId('allowance-used')).toHaveText('0');
    await expect(page.getByTestId('allowance-left')).toHaveText('3');
    const callout = page.getByTestId('agent-authorization-callout');
    await expect(callout).toContainText('Takedown notices need your signature');
    await expect(callout.getByRole('link', { name: 'Sign the authorisation' })).toHaveAttribute(
      'href',
      '/account#agent-authorization',
    );
    await expect(page.getByText('No free removals yet')).toBeVisible();
    await expectAccessible(page, '/promo-protect before any report');
  });

  await test.step('the address and the ownership statement are required', async () => {
    await form.getByRole('button', { name: 'Report for Removal' }).click();
    await expect(form.getByText('Enter the address of the page.')).toBeVisible();
    await form.getByLabel('Page address').fill(leak);
    await form.getByRole('button', { name: 'Report for Removal' }).click();
    await expect(
      form.getByText('Confirm that you own the content at these addresses'),
    ).toBeVisible();
  });

  await test.step('the page is reported: listed, and the counter goes down', async () => {
    await form.getByRole('checkbox', { name: /I confirm that I own the content/ }).check();
    await form.getByRole('button', { name: 'Report for Removal' }).click();
    await expect(page.getByText('Reported for removal')).toBeVisible();
    await expect(page.getByText('2 free removals left of 3')).toBeVisible();
    await expect(page.getByTestId('allowance-used')).toHaveText('1');
    await expect(page.getByTestId('allowance-left')).toHaveText('2');
    await expect(form.getByLabel('Page address')).toHaveValue('');
    await expect(list.getByRole('listitem', { name: leak })).toBeVisible();
  });

  await test.step('it is checked and its takedown opens', async () => {
    const item = list.getByRole('listitem', { name: leak });
    await expect(item.getByTestId('removal-stage')).toHaveText('Takedown opened', {
      timeout: 60_000,
    });
    await expect(item).toContainText('tracked on your word');
    await expect(item).toContainText('once your agent authorisation is signed');
    await expect(item).toContainText('Uses 1 free removal');
    await expectAccessible(page, '/promo-protect with a free removal');
  });

  await test.step('the same page again is refused and spends nothing', async () => {
    await form.getByLabel('Page address').fill(leak);
    await form.getByRole('checkbox', { name: /I confirm that I own the content/ }).check();
    await form.getByRole('button', { name: 'Report for Removal' }).click();
    await expect(form.getByText('You reported this page before.')).toBeVisible();
    await expect(page.getByTestId('allowance-left')).toHaveText('2');
    await expect(list.getByRole('listitem')).toHaveCount(1);
  });
});
