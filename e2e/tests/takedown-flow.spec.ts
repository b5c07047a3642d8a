// A leak taken down end to end, in Chromium against the real server and the simulated web
// (e2e/simulated-web-server.mjs): a subscriber scans, signs the agent authorisation and confirms a
// finding in the review list; the notice is written to DATA_DIR/mail once, to the DMCA address the
// site's catalog entry gives, complete, and the URL is queued for delisting; the site removes the page;
// the operator's check (`shark takedowns check`) sees it gone; the dashboard, the takedown report and
// its CSV show it removed. Recipients that take only a web form get a prepared task the operator marks
// submitted; a site that rejects its notice is escalated to the network's abuse contact (the stand-in
// RDAP registry's record of the sites' addresses).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './pages-support.ts';
import { setUpScannableCreator } from './scan-support.ts';
import { BRAND } from './shell-support.ts';
import {
  agentOf,
  mailsTo,
  removePage,
  restorePage,
  shark,
  sharkJson,
  simulatedWeb,
  siteOf,
  type SimulatedWebInfo,
} from './takedown-support.ts';

const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json' };

type Finding = { id: string; kind: string; status: string; pageUrl: string };
type ReportRow = {
  id: string;
  status: string;
  kind: string;
  pageUrl: string;
  recipient: { role: string; channel: string; address: string } | null;
};
type Detail = {
  id: string;
  findingId: string;
  status: string;
  level: number;
  pageUrl: string;
  isWaitingForAuthorization: boolean;
  recipients: { level: number; role: string; channel: string; address: string; source: string }[];
  notices: {
    level: number;
    address: string;
    sentAt: string | null;
    delivery: { status: string } | null;
  }[];
  delisting: { engine: string; url: string; status: string }[];
};
type Summary = { totals: { removed: number; noticesSent: number } };

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const reportRows = async (page: Page) => {
  const report = await apiGet<{ takedowns: ReportRow[]; total: number }>(
    page,
    '/api/takedowns?limit=100',
  );
  expect(report.total, 'every takedown on one page of the report').toBeLessThanOrEqual(100);
  return report.takedowns;
};

/** The statements of 17 U.S.C. §512(c)(3)(A) a complete notice makes, and its other elements. */
const NOTICE_ELEMENTS = [
  '1. The copyrighted works (17 U.S.C. § 512(c)(3)(A)(ii))',
  '2. The infringing material (§ 512(c)(3)(A)(iii))',
  '3. Contact information of the complaining party (§ 512(c)(3)(A)(iv))',
  'I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law.',
  'I state that the information in this notification is accurate, and under penalty of perjury, that I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.',
];
const squashed = (text: string) => text.replace(/\s+/g, ' ');

let web: SimulatedWebInfo;
const removedPages: string[] = [];

test.beforeAll(() => {
  web = simulatedWeb();
});
// The simulated web is shared by every spec of the run: the pages removed here come back after it.
test.afterAll(async () => {
  for (const url of removedPages) await restorePage(web, url);
});

test('a confirmed leak is taken down end to end and shown removed', async ({
  page,
  signedInCreator,
}) => {
  // A scan of the whole simulated web and the enforcement jobs after it, on a machine shared with other work.
  test.setTimeout(420_000);
  await setUpScannableCreator(page, signedInCreator.email);
  const legalName = `Luna Tester ${randomBytes(3).toString('hex')}`;
  const street = `${Math.floor(Math.random() * 900) + 100} Private Lane`;

  await page.goto('/dashboard');
  const scans = page.getByRole('region', { name: 'Scans', exact: true });
  await test.step('scan the simulated web', async () => {
    await scans.getByRole('button', { name: 'Scan now' }).click();
    await expect(scans.getByTestId('scan-status')).toHaveText('Completed', { timeout: 240_000 });
  });

  // A finding waiting for review on a page of a site that takes notices by e-mail: a leak if one waits.
  const pending = await apiGet<{ findings: Finding[] }>(
    page,
    '/api/findings?status=pending_review&limit=100',
  );
  const byEmail = pending.findings.filter((f) => siteOf(web, f.pageUrl)?.dmca.email);
  const toConfirm = byEmail.find((f) => f.kind === 'leak') ?? byEmail[0];
  expect(toConfirm, 'a finding waiting for review on a site that takes e-mail').toBeDefined();
  const { pageUrl } = toConfirm!;
  const site = siteOf(web, pageUrl)!;
  test.info().annotations.push({
    type: 'confirmed',
    description: `${toConfirm!.kind} on ${site.name}: ${pageUrl}`,
  });
  const siteAddress = site.dmca.email!;

  await test.step('confirm it in the review list', async () => {
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

  let takedownId = '';
  await test.step('its takedown opens, and its recipients are found: the site, then the network’s abuse contact', async () => {
    await expect
      .poll(
        async () => {
          const rows = await reportRows(page);
          const mine = await Promise.all(
            rows
              .filter((row) => row.pageUrl === pageUrl)
              .map((row) => apiGet<Detail>(page, `/api/takedowns/${row.id}`)),
          );
          takedownId = mine.find((d) => d.findingId === toConfirm!.id)?.id ?? '';
          return takedownId;
        },
        { message: 'a takedown of the confirmed finding', timeout: 60_000 },
      )
      .not.toBe('');
    // Every takedown of hers (the scan confirmed the sure copies itself) has its recipients before she
    // signs, so that each recipient gets one notice naming all of its URLs.
    await expect
      .poll(
        async () =>
          (await reportRows(page))
            .filter((row) => row.recipient === null && row.status === 'confirmed')
            .map((row) => row.pageUrl),
        { message: 'takedowns whose recipients are not known yet', timeout: 120_000 },
      )
      .toEqual([]);
    const detail = await apiGet<Detail>(page, `/api/takedowns/${takedownId}`);
    expect(detail).toMatchObject({
      status: 'confirmed',
      level: 0,
      isWaitingForAuthorization: true,
    });
    expect(
      detail.recipients.map(({ level, role, channel, address }) => ({
        level,
        role,
        channel,
        address,
      })),
    ).toEqual([
      { level: 0, role: 'site', channel: 'email', address: siteAddress },
      { level: 1, role: 'host', channel: 'email', address: web.hosting.abuseEmail },
    ]);
    expect(detail.recipients[1]!.source).toMatch(
      /^rdap:http:\/\/127\.0\.0\.1:\d+\/arin\/ip\/127\.0\.0\.1$/,
    );
    // No notice without her signature.
    expect(detail.notices).toEqual([]);
    expect(await mailsTo(siteAddress, legalName)).toEqual([]);
  });

  await test.step('she signs the agent authorisation', async () => {
    const signed = await page.request.post('/api/authorization', {
      headers,
      data: {
        legalName,
        addressLine1: street,
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        signature: legalName.toUpperCase(),
        agree: true,
      },
    });
    expect(signed.status(), await signed.text()).toBe(200);
  });

  await test.step('one complete notice is written to the site’s DMCA address', async () => {
    await expect
      .poll(async () => (await mailsTo(siteAddress, legalName, pageUrl)).length, {
        message: `a notice to ${siteAddress} naming ${pageUrl}`,
        timeout: 90_000,
      })
      .toBe(1);
    const [notice] = await mailsTo(siteAddress, legalName);
    const text = squashed(notice!.text);
    for (const element of NOTICE_ELEMENTS) expect(text).toContain(element);
    expect(text).toContain(pageUrl);
    const agent = agentOf(BRAND.id);
    expect(text).toContain(
      `/s/ ${agent.name}, on behalf of ${BRAND.name}, authorised agent of ${legalName}`,
    );
    expect(text).toContain(`E-mail: ${agent.email}`);
    // Her postal address is kept on file, never put in a notice.
    expect(text).not.toContain(street);
    expect(notice!.subject).not.toBe('');

    const detail = await apiGet<Detail>(page, `/api/takedowns/${takedownId}`);
    expect(detail.status).toBe('notice_sent');
    expect(detail.notices).toHaveLength(1);
    expect(detail.notices[0]).toMatchObject({
      level: 0,
      address: siteAddress,
      delivery: { status: 'sent' },
    });
    expect(detail.notices[0]!.sentAt).not.toBeNull();
    // Delisting: one request per search engine for the URL, queued for the day's bulk file.
    expect(
      detail.delisting
        .map(({ engine, url, status }) => ({ engine, url, status }))
        .sort((a, b) => a.engine.localeCompare(b.engine)),
    ).toEqual([
      { engine: 'bing', url: pageUrl, status: 'queued' },
      { engine: 'google', url: pageUrl, status: 'queued' },
    ]);
  });

  await test.step('a recipient that takes only a web form gets a prepared form task; submitted, its takedowns are sent', async () => {
    // ChanBooru and PicGram take notices by form only, and Chirper impersonation reports.
    const waiting = (await reportRows(page)).filter(
      (row) => row.recipient?.channel === 'form' && row.status === 'confirmed',
    );
    expect(waiting.length, 'takedowns of hers whose recipient takes a form').toBeGreaterThan(0);
    type FormTask = { id: string; formUrl: string; creatorEmail: string; urls: number };
    const tasks = (await sharkJson<FormTask[]>('forms', 'list', '--json')).filter(
      (task) => task.creatorEmail === signedInCreator.email,
    );
    // Every takedown waiting at a form is named by one of its open tasks (a DMCA notice names all of
    // a form's URLs; each impersonation is a report of its own).
    const named = (formUrl: string) =>
      tasks.filter((task) => task.formUrl === formUrl).reduce((sum, task) => sum + task.urls, 0);
    for (const formUrl of new Set(waiting.map((row) => row.recipient!.address))) {
      expect(named(formUrl), formUrl).toBe(
        waiting.filter((row) => row.recipient!.address === formUrl).length,
      );
    }
    expect(
      tasks.filter((task) => !waiting.some((row) => row.recipient!.address === task.formUrl)),
      'open tasks of hers for a form none of her waiting takedowns is at',
    ).toEqual([]);

    // The operator pastes one into its form and says so.
    const boardForm = web.sites.find((candidate) => candidate.id === 'sim-board')!.dmca.url;
    const task = tasks.find((candidate) => candidate.formUrl === boardForm) ?? tasks[0]!;
    expect(await shark('forms', 'done', task.id, '--by', 'E2E operator')).toContain(
      `Form task ${task.id} marked submitted by E2E operator`,
    );
    const sent = (await reportRows(page)).filter(
      (row) => row.recipient?.address === task.formUrl && row.status === 'notice_sent',
    );
    expect(sent.length).toBe(task.urls);
  });

  await test.step('the site removes the page and the forced check sees it gone', async () => {
    await removePage(web, pageUrl);
    removedPages.push(pageUrl);
    const gone = await fetch(pageUrl);
    expect(gone.status).toBe(410);
    await gone.arrayBuffer();
    const checked = await sharkJson<{
      check: { outcome: string; reason: string };
      takedown: { status: string };
    }>('takedowns', 'check', takedownId);
    expect(checked.check).toEqual({ outcome: 'removed', reason: 'The page answers HTTP 410.' });
    expect(checked.takedown.status).toBe('removed');
    expect((await apiGet<Detail>(page, `/api/takedowns/${takedownId}`)).status).toBe('removed');
  });

  await test.step('the dashboard counts it removed', async () => {
    await page.goto('/dashboard');
    const summary = await apiGet<Summary>(page, '/api/dashboard/summary');
    expect(summary.totals.removed).toBeGreaterThanOrEqual(1);
    const takedowns = page.getByRole('region', { name: 'Takedowns', exact: true });
    await expect(takedowns.getByTestId('figure-removed-value')).toHaveText(
      summary.totals.removed.toLocaleString('en-US'),
    );
    await expect(takedowns.getByRole('list', { name: 'Recent activity' })).toContainText('Removed');
  });

  await test.step('the takedown report lists it removed, and so does its CSV', async () => {
    await page.goto('/takedown-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Takedown Report' })).toBeVisible();
    await page.getByLabel('Search').fill(pageUrl);
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.locator(`[data-testid="takedown-row"][data-takedown-id="${takedownId}"]`);
    await expect(row.getByTestId('takedown-status')).toHaveText('Removed');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const line = csv.split('\r\n').find((l) => l.startsWith(`${takedownId},`));
    expect(line, `the CSV row of ${takedownId}`).toBeDefined();
    expect(line).toContain(',Removed,');
    expect(line).toContain(pageUrl);
  });

  await test.step('a site that rejects its notice is escalated to the network’s abuse contact', async () => {
    // Another leak of hers whose notice went to another site by e-mail (an impersonation has only
    // its platform to ask).
    const rows = await reportRows(page);
    const other = rows.find(
      (row) =>
        row.kind === 'leak' &&
        row.status === 'notice_sent' &&
        row.recipient?.channel === 'email' &&
        row.recipient.address !== siteAddress &&
        row.recipient.role === 'site',
    );
    expect(other, 'another takedown whose notice went to a site by e-mail').toBeDefined();
    const rejected = await sharkJson<{ status: string }>(
      'takedowns',
      'respond',
      other!.id,
      '--rejected',
      'We could not find the material at this address.',
    );
    expect(rejected.status).toBe('rejected');
    // The lifecycle sweep escalates it to the next level and the host is sent its own notice.
    await expect
      .poll(async () => (await mailsTo(web.hosting.abuseEmail, legalName, other!.pageUrl)).length, {
        message: `a notice to ${web.hosting.abuseEmail} naming ${other!.pageUrl}`,
        timeout: 120_000,
      })
      .toBe(1);
    const detail = await apiGet<Detail>(page, `/api/takedowns/${other!.id}`);
    expect(detail).toMatchObject({ status: 'notice_sent', level: 1 });
    expect(detail.notices.map((n) => ({ level: n.level, address: n.address }))).toEqual([
      { level: 0, address: other!.recipient!.address },
      { level: 1, address: web.hosting.abuseEmail },
    ]);
  });

  await test.step('the site’s notice was sent once, and no other notice named the removed page', async () => {
    expect(await mailsTo(siteAddress, legalName)).toHaveLength(1);
    expect(await mailsTo(null, legalName, pageUrl)).toHaveLength(1);
  });
});
