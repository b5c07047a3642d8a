// The staff console's work in a real browser: a Premium creator asks for help; an agent (two-factor
// turned on) finds the request in the work queue once the scheduled sync has picked it up, claims it, opens its
// page, answers it on its support page, and sees it leave the open queue and the sidebar's count; then
// she looks the creator up and finds her plan and the answer in the staff actions on her account.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { totpCode } from '../../apps/server/src/testing/totp.ts';
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, grant, grantStaffRole, signUp, test } from './pages-support.ts';

/** The number the staff sidebar shows beside Support (0 when it shows none). */
async function supportWaiting(page: Page): Promise<number> {
  const link = page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: /^Support( \d+ waiting)?$/ });
  await expect(link).toBeVisible();
  const waiting = link.getByText(/^\d+ waiting$/);
  if ((await waiting.count()) === 0) return 0;
  return Number.parseInt((await waiting.textContent()) ?? '', 10);
}

/**
 * Reloads the page until `locator` shows: the queue follows its records through a sync that runs
 * every STAFF_QUEUE_SYNC_SECONDS (3 s in these runs, 30 s by default: playwright.config.ts), so new
 * work shows, and answered work leaves, within that.
 */
async function reloadUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}

/** The value beside a term of a description list (the creator page's facts). */
function factOf(page: Page, term: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('an agent answers a creator’s request from the work queue and finds it on her page', async ({
  page,
  browser,
  request,
  baseURL,
  mailbox,
  signedInCreator: creator,
}) => {
  test.setTimeout(300_000);
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const subject = `Where is my takedown ${id}`;
  const title = `Answer: ${subject}`;
  const answerText = `We sent the notice again today (${id}).`;
  let requestPath = '';

  await test.step('a Premium creator asks for help', async () => {
    await grant(creator.email, { status: 'subscribed', plan: 'premium' });
    await page.goto('/support/new');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('The page is still up after a week.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    requestPath = new URL(page.url()).pathname;
  });

  const agent = {
    name: 'Avery Agent',
    email: `e2e-agent-${id}@example.com`,
    password: `agent-${id}-Passw0rd`,
  };
  const agentContext = await browser.newContext({ baseURL });
  const staff = await agentContext.newPage();

  await test.step('a new agent verifies her address and turns on two-factor', async () => {
    await signUp({ request, page: staff, baseURL }, agent);
    const verification = await mailbox.linkTo(
      agent.email,
      /verify/i,
      '/email-settings/verification/',
    );
    await staff.goto(verification);
    await expect(staff.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await grantStaffRole(agent.email, 'agent');

    await staff.goto('/staff/queue');
    await expect(staff).toHaveURL('/staff/two-factor');
    await staff.getByLabel('Password').fill(agent.password);
    await staff.getByRole('button', { name: 'Continue' }).click();
    const secret = (await staff.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await staff.getByLabel('6-digit code').fill(totpCode(secret));
    await staff.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(staff).toHaveURL('/staff');
  });

  const row = staff.getByRole('row').filter({ hasText: creator.email });
  let waitingBefore = 0;

  await test.step('the request arrives in the queue; she filters it and claims it', async () => {
    await staff
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: /^Work queue/ })
      .click();
    await expect(staff).toHaveURL('/staff/queue');
    await expect(staff.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
    const filters = staff.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Kind').selectOption('support');
    await filters.getByLabel('Creator (e-mail or id)').fill(creator.email);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(staff).toHaveURL(/work=support/);
    await expect(staff).toHaveURL(/creator=/);

    await reloadUntilVisible(staff, row.getByRole('link', { name: title }));
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Support');
    await expect(row).toContainText('Premium');
    waitingBefore = await supportWaiting(staff);
    expect(waitingBefore).toBeGreaterThanOrEqual(1);

    await row.getByRole('button', { name: `Claim: ${title}` }).click();
    await expect(row).toContainText(agent.email);
    await expect(row.getByRole('button', { name: /^Claim/ })).toHaveCount(0);
    await expectNoAxeViolations(staff, 'the work queue');
  });

  await test.step('the item’s page shows it held by her and links to the conversation', async () => {
    await row.getByRole('link', { name: title }).click();
    await expect(staff).toHaveURL(/\/staff\/queue\/[^/?]+$/);
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(staff.getByText(`Support for ${creator.email}`)).toBeVisible();
    await expect(staff.getByText('Held by you')).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Release' })).toBeVisible();
    const section = staff.getByRole('region', { name: 'Support request' });
    await expect(section).toContainText(subject);
    // A support request has no finishing button: it is done by answering it.
    await expect(staff.getByRole('region', { name: 'Finish' })).toHaveCount(0);
    await expectNoAxeViolations(staff, 'a work item’s page');

    await section.getByRole('link', { name: 'open the conversation' }).click();
    await expect(staff).toHaveURL(/\/staff\/support\/[0-9a-f-]{36}$/);
    expect(new URL(staff.url()).pathname.split('/').pop()).toBe(requestPath.split('/').pop());
  });

  await test.step('she answers on the support page', async () => {
    await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await staff.getByLabel('Answer', { exact: true }).fill(answerText);
    await staff.getByRole('button', { name: 'Send answer' }).click();
    const messages = staff.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText(answerText);
    await expect(staff.getByText('Answered', { exact: true })).toBeVisible();
  });

  await test.step('the item leaves the open queue and the sidebar counts one less', async () => {
    await staff.goto(`/staff/queue?work=support&creator=${encodeURIComponent(creator.email)}`);
    await reloadUntilVisible(staff, staff.getByRole('heading', { name: 'Nothing to do here' }));
    await expect.poll(() => supportWaiting(staff), { timeout: 45_000 }).toBe(waitingBefore - 1);

    await staff
      .getByRole('form', { name: 'Filters' })
      .getByLabel('Status', { exact: true })
      .selectOption('done');
    await expect(staff).toHaveURL(/show=done/);
    await expect(row.getByRole('link', { name: title })).toBeVisible();
    await expect(row).toContainText('resolved elsewhere');
  });

  await test.step('the creator reads the answer', async () => {
    await page.goto(requestPath);
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText(answerText);
  });

  await test.step('she looks the creator up and finds her plan and the answer', async () => {
    await staff
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Creators', exact: true })
      .click();
    await expect(staff).toHaveURL(/\/staff\/creators/);
    await staff.getByLabel('Find a creator').fill(creator.email);
    await staff.getByRole('button', { name: 'Search' }).click();
    const found = staff.getByRole('list', { name: 'Creators found' }).getByRole('listitem');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(creator.email);
    await expect(found).toContainText('E-mail address');
    await found.getByRole('link', { name: creator.name }).click();

    await expect(staff).toHaveURL(/\/staff\/creators\/[^/?]+$/);
    await expect(staff.getByRole('heading', { level: 1, name: creator.name })).toBeVisible();
    await expect(factOf(staff, 'E-mail')).toHaveText(creator.email);
    await expect(factOf(staff, 'Status')).toHaveText('subscribed');
    await expect(factOf(staff, 'Plan')).toHaveText('premium');
    await expect(staff.getByText('Staff actions on her account')).toBeVisible();
    const answered = staff.getByRole('row').filter({ hasText: 'support.answer' });
    await expect(answered).toHaveCount(1);
    await expect(answered).toContainText(agent.email);
    await expect(answered).toContainText('"answered"');
    await expectNoAxeViolations(staff, 'a creator’s staff page');
  });

  await agentContext.close();
});
