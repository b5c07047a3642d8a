// Report Leaks and Report Impersonation in Chromium against the real server and the simulated web
// (e2e/simulated-web-server.mjs): a subscriber with the features pastes two pages of the simulated web,
// one carrying an edited copy of her photo; both are accepted and the leak becomes a matched report with
// its takedown; then she reports a fake profile and sees it listed.
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, grant, test } from './pages-support.ts';

type SimulatedWebInfo = {
  creator: { references: { name: string; path: string }[] };
  expected: {
    leaks: { pageUrl: string; reference: string }[];
    decoys: string[];
    impersonators: { site: string; username: string; profileUrl: string }[];
  };
};

/** What the e2e server's simulated web planted (written to DATA_DIR by the server at start). */
function simulatedWeb(): SimulatedWebInfo {
  return JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as SimulatedWebInfo;
}

/** axe-core finds no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  // Not what the pointer last hovered (a hovered button's lighter colour), but the page at rest.
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

test('a subscriber reports a leak and a fake profile and follows both', async ({
  page,
  signedInCreator,
}) => {
  test.setTimeout(180_000);
  // Premium includes submitLeak and impersonation; the features are granted too, as an operator would.
  await grant(signedInCreator.email, {
    status: 'subscribed',
    plan: 'premium',
    features: ['submitLeak', 'impersonation'],
  });
  const web = simulatedWeb();
  const leak = web.expected.leaks.find((l) => l.pageUrl.includes('/watch/'))!;
  const decoy = web.expected.decoys[0]!;
  const reference = web.creator.references.find((r) => r.name === leak.reference)!;

  await test.step('upload the photo the leak page carries a copy of', async () => {
    await page.goto('/file-uploads');
    await page.getByLabel('Files to upload').setInputFiles([reference.path]);
    await expect(
      page.getByRole('listitem', { name: reference.name }).getByTestId('upload-status'),
    ).toContainText('Ready', { timeout: 60_000 });
  });

  await page.goto('/report-leaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Leaks' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Report leaks' });
  const list = page.getByRole('list', { name: 'Reported addresses' });

  await test.step('the ownership statement is required', async () => {
    await form.getByLabel('Addresses, one per line').fill(`${leak.pageUrl}\n\n${decoy}`);
    await form.getByRole('button', { name: 'Report Leaks' }).click();
    await expect(
      form.getByText('Confirm that you own the content at these addresses'),
    ).toBeVisible();
  });

  await test.step('two pasted pages are both accepted', async () => {
    await form.getByRole('checkbox', { name: /I confirm that I own the content/ }).check();
    await form.getByRole('button', { name: 'Report Leaks' }).click();
    const results = page.getByRole('region', { name: 'Report sent' });
    await expect(results).toContainText('Pasted addresses: 2 addresses accepted.');
    const lines = results
      .getByRole('list', { name: 'Result of each address' })
      .getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Line 1');
    // The blank line in the box is skipped, and the answer names the line she sees.
    await expect(lines.nth(1)).toContainText('Line 3');
    for (const line of await lines.all()) await expect(line).toContainText('Accepted');
  });

  await test.step('the leak becomes matched, with its file and takedown; the other page is tracked', async () => {
    const leakItem = list.getByRole('listitem', { name: leak.pageUrl });
    await expect(leakItem.getByTestId('report-status')).toHaveText('Matched', { timeout: 60_000 });
    await expect(leakItem).toContainText(`Matches your file ${reference.name}`);
    await expect(leakItem.getByTestId('takedown-status')).toBeVisible();
    const decoyItem = list.getByRole('listitem', { name: decoy });
    await expect(decoyItem.getByTestId('report-status')).toHaveText('No match', {
      timeout: 60_000,
    });
    await expect(decoyItem).toContainText('tracked on your word');
    await expectAccessible(page, '/report-leaks with results and reports');
  });

  await test.step('a page reported again is a duplicate', async () => {
    await form.getByLabel('Addresses, one per line').fill(leak.pageUrl);
    await form.getByRole('checkbox', { name: /I confirm that I own the content/ }).check();
    await form.getByRole('button', { name: 'Report Leaks' }).click();
    const line = page
      .getByRole('region', { name: 'Report sent' })
      .getByRole('list', { name: 'Result of each address' })
      .getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Duplicate');
    await expect(line).toContainText('You reported this page before');
  });

  await test.step('a fake profile is reported and listed', async () => {
    const impersonator = web.expected.impersonators.find((i) => i.site === 'sim-social')!;
    await page.goto('/report-impersonation');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Report Impersonation' }),
    ).toBeVisible();
    const profileForm = page.getByRole('form', { name: 'Report a fake profile' });
    await profileForm.getByLabel('Profile address').fill(impersonator.profileUrl);
    await profileForm.getByLabel('Platform').selectOption({ value: 'sim-social' });
    await profileForm.getByLabel('Why it is fake').fill('too short');
    await profileForm.getByRole('button', { name: 'Report Profile' }).click();
    await expect(profileForm.getByText(/at least 10 characters/)).toBeVisible();

    await profileForm
      .getByLabel('Why it is fake')
      .fill('Uses my name and a copy of my photo as its avatar, and asks my fans for money.');
    await profileForm.getByRole('button', { name: 'Report Profile' }).click();
    await expect(page.getByText(`Reported @${impersonator.username}`)).toBeVisible();
    const reported = page
      .getByRole('list', { name: 'Reported profiles' })
      .getByRole('listitem', { name: new RegExp(`^@${impersonator.username} on `) });
    await expect(reported).toBeVisible();
    await expect(reported).toContainText('asks my fans for money');
    await expect(reported.getByTestId('takedown-status')).not.toHaveText('Recorded');
    await expectAccessible(page, '/report-impersonation with a report');
  });
});
