// The dashboard's takedown figures and the Takedown Report in Chromium against the real server and the
// simulated web (e2e/simulated-web-server.mjs): a subscriber scans, confirms a finding, and sees it
// counted on the dashboard and listed in the report as confirmed — found by a search, sorted, its
// details opened, and in the CSV export. (takedown-flow.spec.ts covers the full removal flow.)
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './pages-support.ts';
import { setUpScannableCreator } from './scan-support.ts';
import { BRAND } from './shell-support.ts';

type Summary = {
  totals: {
    found: number;
    confirmed: number;
    noticesSent: number;
    removed: number;
    pending: number;
  };
  recentActivity: { takedownId: string; statusLabel: string; pageUrl: string }[];
};
type ReportPage = {
  takedowns: { id: string; status: string; pageUrl: string; host: string }[];
  total: number;
};

const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json' };

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test('a confirmed finding shows in the dashboard figures and the takedown report', async ({
  page,
  signedInCreator,
}) => {
  // A scan of the whole simulated web, on a machine shared with other work.
  test.setTimeout(300_000);
  await setUpScannableCreator(page, signedInCreator.email);

  await page.goto('/dashboard');
  const takedowns = page.getByRole('region', { name: 'Takedowns', exact: true });
  const figure = (name: string) => takedowns.getByTestId(`figure-${name}-value`);

  await test.step('before any scan: zeros, the rate’s definition and “—”', async () => {
    await expect(figure('found')).toHaveText('0');
    await expect(figure('confirmed')).toHaveText('0');
    await expect(figure('removal-rate')).toHaveText('—');
    await expect(takedowns.getByTestId('removal-rate-definition')).toContainText(
      'Removal rate = takedowns removed ÷ takedowns whose notice was sent more than',
    );
    await expect(takedowns.getByRole('heading', { name: 'Nothing found yet' })).toBeVisible();
    await expect(takedowns.getByTestId('next-scan')).toContainText('Next scan');
  });

  await test.step('scan the simulated web', async () => {
    const scans = page.getByRole('region', { name: 'Scans', exact: true });
    await scans.getByRole('button', { name: 'Scan now' }).click();
    await expect(scans.getByTestId('scan-status')).toHaveText('Completed', { timeout: 240_000 });
  });

  const pending = await apiGet<{ findings: { id: string; pageUrl: string }[] }>(
    page,
    '/api/findings?status=pending_review&limit=100',
  );
  const toConfirm = pending.findings[0];
  expect(toConfirm, 'a finding waiting for review').toBeDefined();
  const pageUrl = toConfirm!.pageUrl;

  await test.step('confirm a finding from the review list', async () => {
    const review = page.getByRole('region', { name: 'Findings', exact: true });
    await review
      .getByRole('list', { name: 'Findings: Needs review' })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="${pageUrl}"]`) })
      .first()
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page.getByText('Confirmed as yours')).toBeVisible();
  });

  // Enforcement opens the takedown from the confirmation (in a job): wait until the report lists it.
  let takedownId = '';
  await expect
    .poll(
      async () => {
        const report = await apiGet<ReportPage>(
          page,
          `/api/takedowns?q=${encodeURIComponent(pageUrl)}&limit=100`,
        );
        takedownId = report.takedowns.find((t) => t.pageUrl === pageUrl)?.id ?? '';
        return takedownId;
      },
      { message: 'a takedown of the confirmed page', timeout: 60_000 },
    )
    .not.toBe('');

  await test.step('the dashboard counts it, as the server does', async () => {
    await page.reload();
    const summary = await apiGet<Summary>(page, '/api/dashboard/summary');
    expect(summary.totals.confirmed).toBeGreaterThanOrEqual(1);
    await expect(figure('found')).toHaveText(summary.totals.found.toLocaleString('en-US'));
    await expect(figure('confirmed')).toHaveText(summary.totals.confirmed.toLocaleString('en-US'));
    await expect(figure('pending')).toHaveText(summary.totals.pending.toLocaleString('en-US'));
    await expect(takedowns.getByRole('heading', { name: 'Over time' })).toBeVisible();
    await expect(takedowns.getByRole('heading', { name: 'By kind of site' })).toBeVisible();
    await expect(takedowns.getByRole('group', { name: 'Range' })).toBeVisible();
    await takedowns.getByRole('button', { name: '12 months' }).click();
    await expect(takedowns.getByRole('button', { name: '12 months' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(takedowns.getByRole('list', { name: 'Recent activity' })).toContainText(
      'Confirmed',
    );
  });

  await test.step('the report lists it as confirmed; a search finds it', async () => {
    await takedowns.getByRole('link', { name: 'Open the takedown report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Takedown Report' })).toBeVisible();
    const all = await apiGet<ReportPage>(page, '/api/takedowns?limit=1');
    await expect(page.getByTestId('takedown-total')).toHaveText(
      `${all.total.toLocaleString('en-US')} ${all.total === 1 ? 'takedown' : 'takedowns'}`,
    );
    await page.getByLabel('Search').fill(pageUrl);
    await expect(page).toHaveURL(/[?&]q=/);
    // One page can carry several confirmed findings (one takedown each): this one is found by its id.
    const row = page.locator(`[data-testid="takedown-row"][data-takedown-id="${takedownId}"]`);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('takedown-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('takedown-total')).toContainText('these filters');
  });

  await test.step('a status filter without it hides it; sorting goes in the address', async () => {
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: 'Removed' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'No takedown matches these filters' }),
    ).toBeVisible();
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: 'Removed' })
      .click();
    await expect(page.locator(`[data-takedown-id="${takedownId}"]`)).toHaveCount(1);
    await page.getByRole('columnheader', { name: /Page/ }).getByRole('link').click();
    await expect(page).toHaveURL(/sort=host/);
    await expect(page.getByRole('columnheader', { name: /Page/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  await test.step('its details open beside the table', async () => {
    await page.locator(`[data-takedown-id="${takedownId}"]`).getByRole('cell').nth(3).click();
    const panel = page.getByRole('dialog', { name: 'Takedown' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('list', { name: 'History' })).toContainText('Confirmed');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });

  await test.step('the exports carry the filters and download the row', async () => {
    const csvLink = page.getByRole('link', { name: 'Export CSV' });
    const href = await csvLink.getAttribute('href');
    expect(href).toContain('/api/takedowns/export.csv?');
    expect(href).toContain(`q=${encodeURIComponent(pageUrl)}`);
    expect(href).toContain(`provider=${BRAND.id}`);
    const download = page.waitForEvent('download');
    await csvLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^takedown-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.split('\r\n')[0]).toContain('Takedown ID,Status,Kind,Page URL');
    expect(text).toContain(takedownId);
    expect(text).toContain(',Confirmed,');
    await expect(page.getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      /\/api\/takedowns\/export\.pdf\?.*provider=/,
    );
  });
});
