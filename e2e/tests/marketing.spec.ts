// Marketing in Chromium against the real server: Social Share without a badge says how to get one, then
// links the badge in every post and image; a post is copied to the clipboard and a share image
// downloads as a PNG of its network size; the welcome package shows her set-up and downloads as a PDF.
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, grant, test } from './pages-support.ts';

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

test('Social Share: posts with her badge are copied and images downloaded', async ({
  page,
  baseURL,
  signedInCreator,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'plus' });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await test.step('without a badge yet, the page says how to get one', async () => {
    await page.goto('/marketing/social-share');
    await expect(page).toHaveTitle('Shark | Social Share');
    await expect(page.getByRole('heading', { level: 1, name: 'Social Share' })).toBeVisible();
    await expect(page.getByText('You have no DMCA badge yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Get your DMCA badge' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'DMCA Badges' })).toBeVisible();
    await expect(page.getByText(/\/verified\//).first()).toBeVisible();
  });

  let verifyUrl = '';
  await test.step('with the badge, every post links its verification page', async () => {
    await page.goto('/marketing/social-share');
    const notice = page.getByText(/Every post and image links your DMCA badge/);
    await expect(notice).toBeVisible();
    verifyUrl = /(http\S+\/verified\/[A-Za-z0-9_-]+)/.exec((await notice.textContent()) ?? '')![1]!;
    const x = page.getByRole('listitem', { name: 'X (Twitter) announcement' });
    await expect(x.getByTestId('post-text')).toContainText(`Verify my protection: ${verifyUrl}`);
    await expect(x).toContainText('of 280 characters');
    await expect(page.getByRole('heading', { level: 3, name: 'Instagram' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Bluesky' })).toBeVisible();
    await expectAccessible(page, '/marketing/social-share');
  });

  await test.step('a post is copied', async () => {
    await page.getByRole('button', { name: 'Copy X (Twitter) announcement' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    await expect.poll(clipboard).toContain('My content is now protected by Shark.');
    expect(await clipboard()).toContain(verifyUrl);
  });

  await test.step('an image downloads as a PNG of its size', async () => {
    const square = page.getByRole('listitem', { name: 'Square post' });
    // The previews load lazily, as they come into view.
    await square.scrollIntoViewIfNeeded();
    await expect(square.getByRole('img')).toHaveJSProperty('naturalWidth', 1080);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      square.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shark-protected-square-1080x1080.png');
    const bytes = await readFile(await download.path());
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'png',
      width: 1080,
      height: 1080,
    });

    const [story] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('listitem', { name: 'Story' })
        .getByRole('link', { name: /Download/ })
        .click(),
    ]);
    const storyMeta = await sharp(await readFile(await story.path())).metadata();
    expect([storyMeta.width, storyMeta.height]).toEqual([1080, 1920]);
  });
});

test('Welcome Package: her set-up, the first steps and the PDF', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  await page.goto('/marketing/welcome-package');
  await expect(page).toHaveTitle('Shark | Welcome Package');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Package' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What your plan protects' })).toBeVisible();
  await expect(page.getByText('2 usernames', { exact: true })).toBeVisible();
  const steps = page.getByRole('list', { name: 'First steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(6);
  await expect(steps.getByRole('listitem', { name: 'Choose your plan' })).toContainText('(done)');
  const sign = steps.getByRole('listitem', { name: 'Sign your agent authorisation' });
  await expect(sign).toContainText('(to do)');
  await expect(sign.getByRole('link', { name: 'Sign the authorisation' })).toHaveAttribute(
    'href',
    '/account#agent-authorization',
  );
  await expectAccessible(page, '/marketing/welcome-package');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shark-welcome-package.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await steps.getByRole('link', { name: 'Go to Accounts' }).click();
  await expect(page).toHaveURL('/brands');
});
