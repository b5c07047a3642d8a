// Scans and the review in Chromium against the real server and the simulated web
// (e2e/simulated-web-server.ts): a subscriber starts a scan from the dashboard, follows it to the end,
// then confirms one finding, marks one as not theirs and whitelists one, and the lists and counts
// follow; a free creator runs the free scan in onboarding, sees blurred results beside the offer, and
// follows it through Checkout back into her onboarding, subscribed.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './pages-support.ts';
import { setUpScannableCreator, simulatedCreator, simulatedDarkWeb } from './scan-support.ts';
import { payOnCheckout } from './billing-support.ts';
import { BRAND } from './shell-support.ts';

type Status = 'pending_review' | 'confirmed' | 'rejected' | 'whitelisted';
type Counts = Record<Status, number>;
type FindingRow = {
  id: string;
  status: Status;
  pageUrl: string;
  pageTitle: string | null;
  isDarkWeb: boolean;
  mirrorOf: string | null;
};

const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json' };

async function findingsOf(
  page: Page,
  status: Status,
): Promise<{ findings: FindingRow[]; counts: Counts }> {
  const response = await page.request.get(`/api/findings?status=${status}&limit=100`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { findings: FindingRow[]; counts: Counts };
}

/** The count shown on a status tab of the review list. */
const tabCount = (page: Page, status: Status) => page.getByTestId(`count-${status}`);

async function expectCounts(page: Page, counts: Counts): Promise<void> {
  for (const [status, n] of Object.entries(counts)) {
    await expect(tabCount(page, status as Status), `${status} count`).toHaveText(String(n));
  }
}

test('a subscriber scans the simulated web and reviews what it found', async ({
  page,
  signedInCreator,
}) => {
  // A scan of the whole simulated web, on a machine shared with other work.
  test.setTimeout(300_000);
  const creator = await setUpScannableCreator(page, signedInCreator.email);

  await page.goto('/dashboard');
  const scans = page.getByRole('region', { name: 'Scans', exact: true });
  const sources = page.getByRole('region', { name: 'Sources', exact: true });
  const review = page.getByRole('region', { name: 'Findings', exact: true });

  await test.step('the sources say what is on, and the catalog lists its sites by kind', async () => {
    const services = sources.getByRole('list', { name: 'Search services' });
    await expect(
      services.getByRole('listitem').filter({ hasText: 'Brave Search (web)' }),
    ).toContainText('On');
    await expect(services.getByRole('listitem').filter({ hasText: /Off/ }).first()).toBeVisible();
    await expect(sources.getByRole('list', { name: 'Catalog sites by kind' })).toContainText(
      'Tube sites',
    );
    await expect(scans.getByText('No scan has run yet.')).toBeVisible();
    await expect(review.getByText('Nothing waits for your review.')).toBeVisible();
  });

  await test.step('Scan now: the scan runs with live progress until it completes', async () => {
    await scans.getByRole('button', { name: 'Scan now' }).click();
    await expect(page.getByText('Scan started')).toBeVisible();
    const latest = scans.getByRole('region', { name: /Scan in progress|Latest scan/ });
    await expect(latest.getByRole('progressbar', { name: 'Scan progress' })).toBeVisible();
    await expect(scans.getByRole('button', { name: 'Scan now' })).toBeDisabled();
    // A second scan is refused while this one runs: the button stays off until it has finished.
    await expect(scans.getByTestId('scan-status')).toHaveText('Completed', { timeout: 240_000 });
    await expect(page.getByText('Scan finished')).toBeVisible();
    await expect(latest.getByRole('heading', { name: 'Latest scan' })).toBeVisible();
    await expect(latest.getByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const used = latest.getByRole('list', { name: 'Sources used' });
    await expect(used.getByRole('listitem').first()).toContainText(/\d+ quer(y|ies)/);
    await expect(latest.getByRole('row', { name: /Pages/ })).toBeVisible();
    await expect(scans.getByTestId('scans-this-month')).toContainText(/^1 of \d+ scans this month/);
    await expect(scans.getByRole('button', { name: 'Scan now' })).toBeEnabled();
  });

  const list = (status: string) => review.getByRole('list', { name: `Findings: ${status}` });
  /** The finding whose page link is `pageUrl`, in the list shown. */
  const item = (status: string, pageUrl: string) =>
    list(status)
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="${pageUrl}"]`) });

  await test.step('copies of the photos are leaks, confirmed automatically, with their evidence', async () => {
    const found = scans.getByRole('list', { name: 'Found by this scan' });
    await expect(found.getByRole('listitem').filter({ hasText: /leaks?$/ })).toHaveText(
      /^[1-9]\d* leaks?$/,
    );
    await review.getByRole('tab', { name: /Confirmed/ }).click();
    const leak = list('Confirmed')
      .getByRole('listitem')
      .filter({ hasText: 'Confirmed automatically' })
      .filter({ hasText: 'Matches your file' })
      .first();
    await expect(leak).toBeVisible();
    const referenceNames = creator.references.map((r) =>
      r.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    await expect(leak).toContainText(new RegExp(referenceNames.join('|')));
    const thumbnail = leak.getByRole('img', { name: /^What was found on / });
    await expect(thumbnail).toBeVisible();
    // The thumbnail really loaded (a broken image has no natural width).
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
    await review.getByRole('tab', { name: /Needs review/ }).click();
  });

  const before = await findingsOf(page, 'pending_review');
  // Three findings on three different pages (a page can carry a leak and a mention).
  const picked: FindingRow[] = [];
  for (const finding of before.findings) {
    if (!picked.some((p) => p.pageUrl === finding.pageUrl)) picked.push(finding);
  }
  expect(picked.length, 'findings waiting for review on three pages').toBeGreaterThanOrEqual(3);
  const [toConfirm, toReject, toWhitelist] = picked as [FindingRow, FindingRow, FindingRow];

  await test.step('the review list shows the findings with their evidence', async () => {
    await expect(review.getByRole('tab', { name: /Needs review/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectCounts(page, before.counts);
    const first = item('Needs review', toConfirm.pageUrl).first();
    await expect(first).toBeVisible();
    const link = first.getByRole('link', { name: /opens in a new tab/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(first).toContainText('Confidence');
    await expect(first).toContainText('First seen');
    await expect(first.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await expect(first.getByRole('button', { name: 'Not mine' })).toBeVisible();
    await expect(first.getByRole('button', { name: 'Whitelist' })).toBeVisible();
  });

  await test.step('confirm one', async () => {
    await item('Needs review', toConfirm.pageUrl)
      .first()
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page.getByText('Confirmed as yours')).toBeVisible();
    const after = await findingsOf(page, 'pending_review');
    expect(after.counts.confirmed).toBe(before.counts.confirmed + 1);
    expect(after.counts.pending_review).toBe(before.counts.pending_review - 1);
    await expectCounts(page, after.counts);
    await expect(item('Needs review', toConfirm.pageUrl)).toHaveCount(
      after.findings.filter((f) => f.pageUrl === toConfirm.pageUrl).length,
    );
  });

  await test.step('mark one as not mine', async () => {
    await item('Needs review', toReject.pageUrl)
      .first()
      .getByRole('button', { name: 'Not mine' })
      .click();
    await expect(page.getByText('Marked as not yours')).toBeVisible();
    const after = await findingsOf(page, 'pending_review');
    expect(after.counts.rejected).toBe(before.counts.rejected + 1);
    expect(after.counts.pending_review).toBe(before.counts.pending_review - 2);
    await expectCounts(page, after.counts);
  });

  await test.step('whitelist one: it and whatever else its page carries leave the review', async () => {
    await item('Needs review', toWhitelist.pageUrl)
      .first()
      .getByRole('button', { name: 'Whitelist' })
      .click();
    await expect(page.getByText('Added to your whitelist')).toBeVisible();
    await expect(item('Needs review', toWhitelist.pageUrl)).toHaveCount(0);
    const after = await findingsOf(page, 'pending_review');
    expect(after.counts.whitelisted).toBeGreaterThanOrEqual(before.counts.whitelisted + 1);
    expect(after.findings.some((f) => f.pageUrl === toWhitelist.pageUrl)).toBe(false);
    await expectCounts(page, after.counts);
  });

  await test.step('each finding is under its new status', async () => {
    await review.getByRole('tab', { name: /Confirmed/ }).click();
    const confirmed = item('Confirmed', toConfirm.pageUrl);
    await expect(confirmed.first()).toBeVisible();
    await expect(confirmed.first().getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await expect(confirmed.first().getByRole('button', { name: 'Not mine' })).toBeVisible();

    await review.getByRole('tab', { name: /Not mine/ }).click();
    await expect(item('Not mine', toReject.pageUrl).first()).toBeVisible();

    await review.getByRole('tab', { name: /Whitelisted/ }).click();
    const whitelisted = item('Whitelisted', toWhitelist.pageUrl).first();
    await expect(whitelisted).toContainText('On your whitelist');
    await expect(whitelisted.getByRole('button')).toHaveCount(0);
  });

  await test.step('the review is kept: after a reload the counts are the server’s', async () => {
    const now = await findingsOf(page, 'pending_review');
    await page.reload();
    await expect(review.getByRole('tab', { name: /Needs review/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectCounts(page, now.counts);
    await expect(item('Needs review', toConfirm.pageUrl)).toHaveCount(
      now.findings.filter((f) => f.pageUrl === toConfirm.pageUrl).length,
    );
    await expect(item('Needs review', toReject.pageUrl)).toHaveCount(
      now.findings.filter((f) => f.pageUrl === toReject.pageUrl).length,
    );
  });

  await test.step('dark web findings: onion copies found through Tor, marked, and their clearnet mirror linked', async () => {
    const darkWeb = simulatedDarkWeb();
    const shown = [
      ...(await findingsOf(page, 'confirmed')).findings,
      ...(await findingsOf(page, 'pending_review')).findings,
    ];
    const onion = shown.filter((f) => f.isDarkWeb).map((f) => f.pageUrl);
    expect(onion.sort()).toEqual(darkWeb.leaks.map((l) => l.pageUrl).sort());
    const mirrored = shown.filter((f) => f.mirrorOf !== null);
    expect(mirrored.map((f) => [f.pageUrl, f.mirrorOf])).toEqual(
      darkWeb.mirrorLeaks.map((l) => [l.pageUrl, darkWeb.mirrorOf]),
    );
    /** The finding's card, on the tab of its status. */
    const cardOf = async (pageUrl: string) => {
      const finding = shown.find((f) => f.pageUrl === pageUrl)!;
      const tab = finding.status === 'confirmed' ? 'Confirmed' : 'Needs review';
      await review.getByRole('tab', { name: new RegExp(tab) }).click();
      return item(tab, pageUrl).first();
    };
    const onionCard = await cardOf(darkWeb.leaks[0]!.pageUrl);
    await expect(onionCard.getByText('Dark web', { exact: true })).toBeVisible();
    await expect(onionCard).toContainText('Found on a Tor onion site');
    const mirrorCard = await cardOf(darkWeb.mirrorLeaks[0]!.pageUrl);
    await expect(mirrorCard.getByText('Dark web mirror', { exact: true })).toBeVisible();
    await expect(mirrorCard).toContainText(darkWeb.mirrorOf);
    // The dashboard counts them, and says what happens to them.
    await page.reload();
    const overview = page.getByTestId('dark-web-overview');
    await expect(overview.getByTestId('dark-web-found')).toHaveText(String(onion.length));
    await expect(overview).toContainText('Your scans also search onion sites on Tor');
    await expect(overview).toContainText('a notice goes only where the site');
    await review.getByRole('tab', { name: /Needs review/ }).click();
  });

  await test.step('the dashboard with findings passes axe', async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

test('a free creator runs the free scan in onboarding and sees blurred results beside the offer', async ({
  page,
  signedInCreator: _creator,
}) => {
  test.setTimeout(300_000);
  const creator = simulatedCreator();
  await page.goto('/onboarding');
  const card = page.getByRole('region', { name: 'The free scan', exact: true });
  const start = card.getByRole('button', { name: 'Start the free scan' });
  await expect(start).toBeDisabled();
  await expect(card.getByText('Add at least one of your usernames first')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a username' });
  await form.getByLabel('Platform').selectOption({ label: 'OnlyFans' });
  await form.getByLabel('Username or profile link').fill(creator.usernames[0] ?? '');
  await form.getByRole('button', { name: 'Add username' }).click();
  await expect(page.getByRole('list', { name: 'Your usernames' })).toContainText(
    creator.usernames[0] ?? '',
  );

  await start.click();
  // Fast scans can finish before the first poll: either the progress or the results show.
  await expect(
    card.getByTestId('free-scan-progress').or(card.getByTestId('free-scan-results')),
  ).toBeVisible();
  const results = card.getByTestId('free-scan-results');
  await expect(results).toBeVisible({ timeout: 240_000 });

  const byKind = results.getByRole('list', { name: 'Found by kind of site' });
  for (const kind of [
    'Tube sites',
    'Forums',
    'File hosts',
    'Image boards',
    'Telegram indexes',
    'Social networks',
  ]) {
    await expect(byKind.getByRole('listitem').filter({ hasText: kind })).toHaveCount(1);
  }
  const total = Number(await results.getByTestId('free-scan-total').textContent());
  expect(total, 'possible leaks found by the free scan').toBeGreaterThan(0);
  await expect(results).toContainText('possible leaks and impersonators found');
  // A search API (the Brave stand-in) is on, so the scan did not use the catalog alone.
  await expect(results.getByText(/used the site catalog alone/)).toHaveCount(0);

  const examples = results.getByRole('list', { name: 'Examples' }).getByRole('img');
  await expect(examples.first()).toBeVisible();
  await expect(examples.first()).toHaveClass(/blur-md/);
  await expect(examples.first()).toHaveAttribute('src', /\/thumbnail\?blur=1$/);

  await expect(page.getByRole('link', { name: 'Activate Your Protection Now' })).toBeVisible();

  await test.step('it ran once: after a reload the results are still there', async () => {
    await page.reload();
    await expect(card.getByTestId('free-scan-results')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Start the free scan' })).toHaveCount(0);
  });

  await test.step('the dashboard explains that regular scans come with a plan', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'No scans run for you yet' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scans', exact: true })).toHaveCount(0);
  });

  // From the free scan's offer through Checkout, back into onboarding.
  await test.step('Activate Your Protection Now leads to the plans, and Checkout', async () => {
    await page.goto('/onboarding');
    await page.getByRole('link', { name: 'Activate Your Protection Now' }).click();
    await expect(page).toHaveURL('/plans');
    const standard = page.getByRole('article', { name: 'Standard' });
    await standard.getByRole('button', { name: 'Subscribe to Standard' }).click();
    await payOnCheckout(page, 'USD a month');
  });

  await test.step('back in the app, subscribed, her onboarding continues where she left it', async () => {
    await expect(page.getByRole('list', { name: 'Your usernames' })).toContainText(
      creator.usernames[0] ?? '',
    );
    // The plan's limits apply at once: a second username, which the free tier refused, is taken.
    const second = creator.usernames[1] ?? `${creator.usernames[0] ?? 'creator'}_vip`;
    const form = page.getByRole('form', { name: 'Add a username' });
    await form.getByLabel('Platform').selectOption({ label: 'Fansly' });
    await form.getByLabel('Username or profile link').fill(second);
    await form.getByRole('button', { name: 'Add username' }).click();
    await expect(page.getByRole('list', { name: 'Your usernames' })).toContainText(second);

    await page.getByRole('button', { name: 'Continue to search terms' }).click();
    await page.getByRole('button', { name: 'Finish set-up' }).click();
    await expect(page.getByRole('heading', { name: 'You’re set up' })).toBeVisible();
    const user = await page.request.get('/api/user', { headers });
    expect(await user.json()).toMatchObject({
      frontendStatus: 'subscribed',
      needsOnboarding: false,
    });
  });
});
