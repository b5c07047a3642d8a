// axe-core on the screens the issue names: no serious or critical violation, in light and dark mode.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, grant, test } from './pages-support.ts';

const BLOCKING = new Set(['serious', 'critical']);

async function expectNoBlockingViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  // Soft, so one run reports every page with a problem rather than stopping at the first.
  expect.soft(blocking, `axe on ${label}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('sign-in and sign-up', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await expectNoBlockingViolations(page, '/sign-in');

      await page.goto('/sign-up');
      await expect(page.getByRole('button', { name: 'Sign Up with Email' })).toBeVisible();
      await expectNoBlockingViolations(page, '/sign-up');
    });

    test('onboarding, search terms, dashboard, account, DMCA badges and Good to Know', async ({
      page,
      signedInCreator,
    }) => {
      await grant(signedInCreator.email, { status: 'subscribed', plan: 'premium' });

      await page.goto('/onboarding');
      await expect(page.getByRole('heading', { level: 2, name: 'Your usernames' })).toBeVisible();
      await expectNoBlockingViolations(page, '/onboarding');

      await page.goto('/search-terms');
      await expect(page.getByRole('heading', { name: 'Add a search term' })).toBeVisible();
      await expectNoBlockingViolations(page, '/search-terms');

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
      await expectNoBlockingViolations(page, '/dashboard');

      await page.goto('/account');
      await expect(page.getByRole('form', { name: 'Sign the agent authorisation' })).toBeVisible();
      await expectNoBlockingViolations(page, '/account');

      await page.goto('/dmca-badges');
      await expect(
        page
          .getByRole('figure', { name: 'Preview of the footer badge' })
          .getByRole('link', { name: 'DMCA Protected by Shark' }),
      ).toBeVisible();
      await expectNoBlockingViolations(page, '/dmca-badges');

      await page.goto('/good-to-know');
      const first = page.getByRole('button', { name: 'What happens after I subscribe?' });
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expectNoBlockingViolations(page, '/good-to-know');
    });
  });
}
