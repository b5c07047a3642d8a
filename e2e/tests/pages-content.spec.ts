// The pages with fixed content (onboarding, DMCA badges, Good to Know), the public badge
// check they link to, and the public pages reached from e-mail links (offer links: custom-offer.spec.ts).
import { expect, grant, test } from './pages-support.ts';

test('onboarding explains the free scan, starts the set-up and leads to the plans', async ({
  page,
  signedInCreator: _creator,
}) => {
  await page.goto('/onboarding');
  await expect(page).toHaveTitle('Shark | Onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The free scan' })).toBeVisible();
  for (const place of [
    'Search engines',
    'Leak sites and forums',
    'File hosts',
    'Telegram indexes',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: place })).toBeVisible();
  }
  // The guided set-up starts with the usernames (e2e/tests/onboarding.spec.ts goes through it).
  await expect(page.getByRole('heading', { level: 2, name: 'Your usernames' })).toBeVisible();

  await page.getByRole('link', { name: 'Activate Your Protection Now' }).click();
  await expect(page).toHaveURL('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
});

test('Good to Know answers 14 questions in an accordion that works by mouse and keyboard', async ({
  page,
  signedInCreator,
}) => {
  await grant(signedInCreator.email, { status: 'former' });
  await page.goto('/good-to-know');
  await expect(page.getByRole('heading', { level: 1, name: 'Good to Know' })).toBeVisible();

  const questions = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');
  await expect(questions).toHaveCount(14);
  for (const question of [
    'What happens after I subscribe?',
    'How long does a takedown take?',
    'What is the difference between direct removal and deindexing?',
    'Which plan should I choose?',
    'Can I add accounts I no longer use?',
    'I publish under several usernames. Are they all covered?',
  ]) {
    await expect(page.getByRole('button', { name: question })).toBeVisible();
  }

  const removal = page.getByRole('button', {
    name: 'What is the difference between direct removal and deindexing?',
  });
  await expect(removal).toHaveAttribute('aria-expanded', 'false');
  await removal.click();
  await expect(removal).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Deindexing means search engines/)).toBeVisible();

  // Keyboard: the next question is reached with the arrow key and opened with Enter.
  await removal.press('ArrowDown');
  const tier = page.getByRole('button', { name: 'Which plan should I choose?' });
  await expect(tier).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tier).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Standard suits new or smaller creators/)).toBeVisible();

  await removal.click();
  await expect(page.getByText(/Deindexing means search engines/)).toBeHidden();
});

test('DMCA badges: texts and HTML are copied, previewed, and link to a public protection check', async ({
  page,
  browser,
  baseURL,
  signedInCreator,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'plus' });
  await page.goto('/dmca-badges');
  await expect(page.getByRole('heading', { level: 1, name: 'DMCA Badges' })).toBeVisible();
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await test.step('the disclaimer texts', async () => {
    await page.getByRole('button', { name: 'Copy short text' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await clipboard()).toMatch(/^All content is protected by Shark\. .*DMCA\.$/);

    await page.getByRole('button', { name: 'Copy long text' }).click();
    await expect.poll(clipboard).toMatch(/^DMCA and copyright notice\n\n/);
    expect(await clipboard()).toContain('monitored by Shark');
  });

  let verifyUrl = '';
  await test.step('the text badge and the footer badge', async () => {
    const preview = page.getByRole('figure', { name: 'Preview of the text badge' });
    const badgeLink = preview.getByRole('link', { name: 'DMCA Protected by Shark' });
    await expect(badgeLink).toBeVisible();
    verifyUrl = (await badgeLink.getAttribute('href')) ?? '';
    expect(verifyUrl).toMatch(new RegExp(`^${baseURL}/verified/[A-Za-z0-9_-]{16,64}$`));
    await expect(page.getByText(verifyUrl, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Copy HTML of the text badge' }).click();
    await expect.poll(clipboard).toContain(`<a href="${verifyUrl}"`);

    const footer = page.getByRole('figure', { name: 'Preview of the footer badge' });
    await expect(footer.getByRole('link', { name: 'DMCA Protected by Shark' })).toHaveAttribute(
      'href',
      verifyUrl,
    );
    await page.getByRole('button', { name: 'Copy HTML of the footer badge' }).click();
    await expect.poll(clipboard).toMatch(/^<div style=.*All content on this site is protected/);
  });

  await test.step('anyone can confirm the protection, and nothing private is shown', async () => {
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(verifyUrl);
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: 'Protected by Shark' }),
    ).toBeVisible();
    const monthYear = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    await expect(visitorPage.getByText(`since ${monthYear}`)).toBeVisible();
    await expect(visitorPage).toHaveTitle('Shark | Protection Check');
    await expect(visitorPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const text = await visitorPage.locator('body').innerText();
    expect(text).not.toContain(signedInCreator.email);
    expect(text).not.toContain(signedInCreator.name);

    await grant(signedInCreator.email, { status: 'former' });
    await visitorPage.reload();
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: 'No active protection' }),
    ).toBeVisible();

    await visitorPage.goto('/verified/ThisBadgeDoesNotExist123');
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: 'Badge not found' }),
    ).toBeVisible();
    await visitorPage.goto('/verified/bad');
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: 'Badge not found' }),
    ).toBeVisible();
    await visitor.close();
  });
});

test('an e-mail settings link that is not one of ours says so (notifications.spec.ts covers a real one)', async ({
  page,
}) => {
  await page.goto('/email-settings/subscription/some-token');
  await expect(page).toHaveTitle('Shark | E-mail Preferences');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link is not valid' }),
  ).toBeVisible();
  await expect(page.getByText(/Use the link at the foot of one of our e-mails/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
