// Deep fake protection in Chromium against the real server: a Premium creator with a picture whose face
// looks like hers (a likeness finding, seeded through the findings service by the e2e server's
// seeding command, on a page of a simulated site) sees it waiting on the dashboard, follows the link to
// the review list filtered to pictures of her face, sees the face found beside her enrolled face,
// confirms it as a forgery through the dialog, and finds its takedown in the report as a Likeness.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, grant, seedLikenessFinding, test } from './pages-support.ts';
import { BRAND } from './shell-support.ts';
import { simulatedWeb } from './takedown-support.ts';

const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json' };

/** The image has loaded and has pixels (not the stand-in icon of a picture that failed). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function takedownIdOf(page: Page, pageUrl: string): Promise<string> {
  const response = await page.request.get(
    `/api/takedowns?kind=likeness&q=${encodeURIComponent(pageUrl)}`,
    { headers },
  );
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { takedowns: { id: string; pageUrl: string }[] };
  return body.takedowns.find((row) => row.pageUrl === pageUrl)?.id ?? '';
}

test('a Premium creator confirms a picture of her face as a forgery and sees it taken down as a likeness', async ({
  page,
  signedInCreator: creator,
}) => {
  const site = simulatedWeb().sites[0]!;
  const pageUrl = `${site.origin}/pics/look-alike-${randomBytes(4).toString('hex')}`;
  await grant(creator.email, { status: 'subscribed', plan: 'premium' });
  const seeded = await seedLikenessFinding(creator.email, pageUrl, 0.87);

  const takedowns = page.getByRole('region', { name: 'Takedowns', exact: true });
  const likeness = takedowns.getByRole('region', { name: 'Deep fake protection' });

  await test.step('the dashboard counts the picture waiting for her', async () => {
    await page.goto('/dashboard');
    await expect(likeness).toBeVisible();
    await expect(likeness.getByTestId('likeness-awaiting-review')).toHaveText('1');
    await expect(likeness.getByTestId('likeness-takedowns')).toHaveText('0');
    await expect(likeness.getByTestId('likeness-waiting')).toContainText(
      '1 picture shows a face that looks like yours',
    );
    await expectNoAxeViolations(page, 'the dashboard with a likeness waiting');
  });

  const findings = page.getByRole('region', { name: 'Findings', exact: true });
  const card = findings
    .getByRole('list', { name: 'Findings: Needs review' })
    .getByRole('article')
    .filter({ has: page.locator(`a[href="${pageUrl}"]`) });

  await test.step('its link opens the review list filtered to pictures of her face', async () => {
    await likeness.getByRole('link', { name: 'Review pictures of your face' }).click();
    await expect(page).toHaveURL(/[?&]findings=likeness/);
    await expect(findings.getByLabel('Kind')).toHaveValue('likeness');
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Likeness', { exact: true })).toBeVisible();
    // As an <img> asks for them: no brand header, the session cookie alone.
    for (const which of ['found', 'enrolled']) {
      const crop = await page.request.get(`/api/findings/${seeded.id}/face/${which}`);
      expect(crop.status(), await crop.text()).toBe(200);
    }
    const faces = card.getByRole('group', { name: 'Face comparison' });
    await expectLoaded(faces.getByRole('img', { name: /^The face found on / }));
    await expectLoaded(faces.getByRole('img', { name: 'Your enrolled face' }));
    await expect(faces).toContainText('87%');
  });

  await test.step('confirming asks what the picture is; she says it is a forgery', async () => {
    await card.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'What is this picture?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm and take it down' }).click();
    await expect(dialog.getByText('Choose what this picture is.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'A forgery of my likeness' }).check();
    await expectNoAxeViolations(page, 'the likeness dialog');
    await dialog.getByRole('button', { name: 'Confirm and take it down' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Confirmed as yours')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  // Enforcement opens the takedown from the confirmation (in a job): wait until the report lists it.
  let takedownId = '';
  await expect
    .poll(async () => (takedownId = await takedownIdOf(page, pageUrl)), {
      message: 'a likeness takedown of the confirmed page',
      timeout: 60_000,
    })
    .not.toBe('');

  await test.step('the dashboard counts its takedown; the report shows it as a Likeness', async () => {
    await page.reload();
    await expect(likeness.getByTestId('likeness-awaiting-review')).toHaveText('0');
    await expect(likeness.getByTestId('likeness-takedowns')).toHaveText('1');
    await likeness.getByRole('link', { name: 'Likeness takedowns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Takedown Report' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]kind=likeness/);
    const row = page.locator(`[data-testid="takedown-row"][data-takedown-id="${takedownId}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(pageUrl);
    await expect(row).toContainText('Likeness');
    await expectNoAxeViolations(page, 'the takedown report of likeness takedowns');
  });
});
