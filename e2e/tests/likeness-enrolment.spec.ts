// Enrolling her face in Chromium against the real server: a Premium creator opens Deep fake protection
// from the dashboard, agrees to the consent text, uploads a family photo, picks one of the faces found,
// sees that one face enrolled (its crop loaded), and deletes her whole enrolment through the dialog.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support.ts';
import { expect, grant, test } from './pages-support.ts';

const familyPhoto = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample1.jpg',
);

/** The image has loaded and has pixels (not the stand-in icon of a picture that failed). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('a Premium creator consents, enrols the face she picks from a family photo, and deletes her enrolment', async ({
  page,
  signedInCreator: creator,
}) => {
  await grant(creator.email, { status: 'subscribed', plan: 'premium' });

  await test.step('the dashboard links to her enrolment', async () => {
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Deep fake protection' })
      .getByRole('link', { name: 'Your enrolled faces' })
      .click();
    await expect(page).toHaveURL(/\/likeness$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deep fake protection' }),
    ).toBeVisible();
  });

  await test.step('she reads the consent text and agrees', async () => {
    await expect(page.getByTestId('likeness-consent-text')).toContainText('embedding');
    await expectNoAxeViolations(page, 'the likeness consent');
    await page.getByRole('button', { name: 'I agree' }).click();
    await expect(page.getByRole('heading', { name: 'No face enrolled yet' })).toBeVisible();
  });

  await test.step('she uploads a family photo and picks one face', async () => {
    await page.getByLabel('Photo', { exact: true }).setInputFiles(familyPhoto);
    await page.getByRole('button', { name: 'Find faces' }).click();
    const found = page.getByTestId('found-face');
    await expect(page.getByRole('heading', { name: /faces found\. Pick yours\./ })).toBeVisible();
    expect(await found.count()).toBeGreaterThanOrEqual(3);
    await expectLoaded(found.nth(1).getByRole('img'));
    await expectNoAxeViolations(page, 'the faces found');
    await found
      .nth(1)
      .getByRole('button', { name: /This is me/ })
      .click();
    const enrolled = page.getByTestId('enrolled-face');
    await expect(enrolled).toHaveCount(1);
    await expect(found).toHaveCount(0);
    await expectLoaded(enrolled.getByRole('img', { name: 'Your enrolled face 1' }));
    await expect(
      page.getByRole('heading', { name: /Your enrolled faces \(1 of 10\)/ }),
    ).toBeVisible();
  });

  await test.step('she deletes everything after confirming', async () => {
    await page.getByRole('button', { name: 'Delete my enrolment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your enrolment?' });
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'I agree' })).toBeVisible();
    await expect(page.getByTestId('enrolled-face')).toHaveCount(0);
  });
});
