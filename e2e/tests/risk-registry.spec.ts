// The Scam Registry in a real browser: an operator adds an entry (`shark registry add`), a creator
// finds it by a handle and opens its details; she reports a scam (a bad evidence link is refused
// first), sees it pending, and after the operator publishes it with a note (`shark registry publish`)
// she sees the note and finds it in the registry. axe in light and dark mode.
import { expectNoAxeViolations } from './axe-support.ts';
import type { OperatorRiskEntry } from '@shark/contracts/risk-registry.ts';
import { expect, test } from './pages-support.ts';
import { sharkJson } from './takedown-support.ts';

test('a creator searches the registry, reports a scam and follows its review', async ({
  page,
  signedInCreator,
}) => {
  const tag = Date.now().toString(36);
  const listed = await sharkJson<OperatorRiskEntry>(
    'registry',
    'add',
    '--kind',
    'fake_agency',
    '--name',
    `Velvet Management ${tag}`,
    '--description',
    'Offers management to creators, then asks for their passwords and a fee up front.',
    '--identifiers',
    `@velvet_${tag},velvet-${tag}.example`,
    '--evidence',
    'https://proof.example/velvet-dm.png',
    '--first-seen',
    '2026-02-14',
  );

  await test.step('find the entry by its handle, filter by kind, open its details', async () => {
    await page.goto('/risk-registry');
    await expect(page).toHaveTitle('Shark | Scam Registry');
    await expect(page.getByRole('heading', { level: 1, name: 'Scam Registry' })).toBeVisible();
    await page.getByLabel('Name, website, handle or e-mail').fill(`@velvet_${tag}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=%40velvet_${tag}`));
    const results = page.getByRole('list', { name: 'Listed scams' }).locator(':scope > li');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(listed.name);
    await expect(results.first()).toContainText('Fake agency');
    const evidence = results.first().getByRole('link', { name: /proof\.example\/velvet-dm\.png/ });
    await expect(evidence).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(evidence).toHaveAttribute('href', 'https://proof.example/velvet-dm.png');

    await page.getByLabel('Kind', { exact: true }).selectOption('leak_seller');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: 'Nothing in the registry matches' }),
    ).toBeVisible();
    await page.getByLabel('Kind', { exact: true }).selectOption('fake_agency');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: `Details of ${listed.name}` }).click();
    const dialog = page.getByRole('dialog', { name: listed.name });
    await expect(dialog).toContainText('asks for their passwords');
    await expect(dialog).toContainText(`velvet-${tag}.example`);
    await expectNoAxeViolations(page, 'the entry details');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectNoAxeViolations(page, 'the registry');
  });

  const reportedName = `Leak Buster Pro ${tag}`;
  await test.step('report a scam: a bad evidence link first, then a good report', async () => {
    await page.getByRole('tab', { name: 'Report a scam' }).click();
    await page.getByLabel('Kind of scam').selectOption('fake_takedown_service');
    await page.getByLabel('Name it goes by').fill(reportedName);
    await page
      .getByLabel('Websites, handles or e-mail addresses')
      .fill(`leakbuster-${tag}.example`);
    await page
      .getByLabel('What happened')
      .fill('Charged me $400 to remove leaks and never sent a single notice.');
    const evidence = page.getByLabel('Evidence links');
    await evidence.fill('javascript:alert(1)');
    await page.getByLabel('First seen on').fill('2026-06-01');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(/Only web addresses starting with https:\/\//)).toBeVisible();
    await expect(evidence).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'the report form with an error');

    await evidence.fill('https://proof.example/leakbuster-invoice.png');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(`Your report of ${reportedName} is waiting`)).toBeVisible();
    const mine = page.getByRole('list', { name: 'Your reports' }).getByRole('listitem');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText(reportedName);
    await expect(mine.first()).toContainText('Pending review');
    await expectNoAxeViolations(page, 'her reports');
  });

  await test.step('the operator publishes it with a note; she sees the note and finds it listed', async () => {
    const pending = await sharkJson<OperatorRiskEntry[]>('registry', 'pending', '--json');
    const hers = pending.find((entry) => entry.name === reportedName);
    expect(hers?.reportedBy).toBe(signedInCreator.email.toLowerCase());
    await sharkJson('registry', 'publish', hers!.id, '--note', 'Confirmed by three creators.');

    await page.reload();
    const mine = page.getByRole('list', { name: 'Your reports' }).getByRole('listitem');
    await expect(mine.first()).toContainText('Published');
    await expect(mine.first()).toContainText('Confirmed by three creators.');

    await page.getByRole('tab', { name: 'Registry', exact: true }).click();
    await page.getByLabel('Name, website, handle or e-mail').fill(`leakbuster-${tag}`);
    await page.getByLabel('Kind', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Listed scams' }).locator(':scope > li');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(reportedName);
  });
});
