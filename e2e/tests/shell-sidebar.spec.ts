// The protected layout: sidebar states per user, the locked-item toast of the
// brand's variant, call-to-action boxes, Ctrl/Cmd+B and its 7-day cookie, the phone sheet, light/dark.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { BRAND, expect, grantAs, test } from './shell-support.ts';

/** What the brand's sidebar variant calls things; the classic variant uses the pages' own names. */
const VARIANT = {
  classic: {
    dashboard: 'Dashboard',
    takedownReport: 'Takedown Report',
    accounts: 'Accounts',
    freeRemovals: 'Free Removals',
    onboarding: 'Onboarding',
    groups: ['Settings', 'Extras'],
    affiliate: 'Affiliate Program',
    referDashboard: 'Affiliate Dashboard',
    toast: {
      title: 'Upgrade required',
      description: 'This feature requires a higher-level paid plan.',
      action: 'Upgrade',
    },
  },
  grouped: {
    dashboard: 'Overview',
    takedownReport: 'Removal Report',
    accounts: 'Your Accounts',
    freeRemovals: 'Promo Free Removals',
    onboarding: 'Start Here',
    groups: ['Content Removal', 'Configuration', 'Add-ons'],
    affiliate: 'Refer & Earn',
    referDashboard: 'Earnings',
    toast: {
      title: 'Feature locked',
      description: 'Available on a higher plan.',
      action: 'See plans',
    },
  },
}[BRAND.sidebarVariant];

const SEVEN_DAYS_S = 604_800;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const callToAction = (page: Page) => page.locator('section[data-cta]');

async function expectCallToAction(
  page: Page,
  expected: { action: string; href: string; text?: string },
): Promise<void> {
  const box = callToAction(page);
  await expect(box).toHaveCount(1);
  await expect(box.getByRole('link', { name: expected.action })).toHaveAttribute(
    'href',
    expected.href,
  );
  if (expected.text) await expect(box).toContainText(expected.text);
  await expect(box.getByRole('img', { name: 'Rated 4,8 out of 5' })).toBeVisible();
  await expect(box).toContainText('4,8');
}

async function expectStatusEntry(
  page: Page,
  expected: { label: string; badge: string; href: string } | null,
): Promise<void> {
  const entry = mainNav(page).locator('[data-status-entry]');
  if (expected === null) {
    await expect(entry).toHaveCount(0);
    return;
  }
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAccessibleName(`${expected.label} ${expected.badge}`);
  await expect(entry).toHaveAttribute('href', expected.href);
}

async function expectNoBlockingA11yViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe on ${label}`).toEqual([]);
}

function sidebarPanelWidth(page: Page): Promise<number | undefined> {
  return page
    .locator('[data-slot="sidebar-panel"]')
    .boundingBox()
    .then((box) => box?.width);
}

test(`a locked item is a button whose toast is the ${BRAND.sidebarVariant} variant's, and its button leads to /plans`, async ({
  page,
  creator: _creator,
}) => {
  await page.goto('/dashboard');
  const nav = mainNav(page);
  const locked = nav.getByRole('button', { name: VARIANT.takedownReport });
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await expect(nav.getByRole('link', { name: VARIANT.takedownReport })).toHaveCount(0);

  // From the keyboard: the locked item is focusable and Enter explains the lock.
  await locked.focus();
  await page.keyboard.press('Enter');
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(VARIANT.toast.title);
  await expect(toast).toContainText(VARIANT.toast.description);

  // With the pointer, on another locked item: the same toast, not a second copy. (force: Playwright
  // does not click aria-disabled elements by itself; a person can.)
  await nav.getByRole('button', { name: VARIANT.dashboard, exact: true }).click({ force: true });
  await expect(toast).toHaveCount(1);

  await toast.getByRole('button', { name: VARIANT.toast.action, exact: true }).click();
  await expect(page).toHaveURL('/plans');
});

test('call-to-action boxes and status badges follow the user through every state', async ({
  page,
  creator,
}) => {
  // Every state of the account, each with its reloads: a limit for a loaded machine, not a speed target.
  test.setTimeout(240_000);
  const nav = mainNav(page);

  await test.step('new (free) user: Get Started; Dashboard and the rest locked', async () => {
    await page.goto('/dashboard');
    await expectStatusEntry(page, null);
    await expectCallToAction(page, { action: 'Get Started', href: '/plans' });
    await expect(nav.getByRole('button', { name: VARIANT.dashboard, exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(nav.getByRole('link', { name: VARIANT.freeRemovals })).toHaveCount(0);
    for (const group of VARIANT.groups) await expect(nav).toContainText(group);
  });

  await test.step('free user with promoProtect: Free Removals and Accounts open', async () => {
    await grantAs(creator.email, { features: ['promoProtect'] });
    await page.reload();
    await expect(nav.getByRole('link', { name: VARIANT.freeRemovals })).toHaveAttribute(
      'href',
      '/promo-protect',
    );
    await expect(nav.getByRole('link', { name: VARIANT.accounts, exact: true })).toHaveAttribute(
      'href',
      '/brands',
    );
    await expect(nav.getByRole('button', { name: VARIANT.takedownReport })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  await test.step('subscriber: no box, no badge, everything of the plan open', async () => {
    await grantAs(creator.email, { status: 'subscribed', plan: 'standard', features: [] });
    await page.reload();
    await expect(nav.getByRole('link', { name: VARIANT.dashboard, exact: true })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(nav.getByRole('link', { name: VARIANT.takedownReport })).toBeVisible();
    // A new subscriber still needs onboarding.
    await expect(nav.getByRole('link', { name: VARIANT.onboarding })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expectStatusEntry(page, null);
    await expect(callToAction(page)).toHaveCount(0);
  });

  await test.step('cancelled but active: Plan Cancelled / Reactivate, Reactivate Now', async () => {
    await grantAs(creator.email, { cancelledButActive: true });
    await page.reload();
    await expectStatusEntry(page, {
      label: 'Plan Cancelled',
      badge: 'Reactivate',
      href: '/account',
    });
    await expectCallToAction(page, { action: 'Reactivate Now', href: '/account' });
  });

  await test.step('upgrade suggested: Upgrade Plan / Recommended, Upgrade Now with the message', async () => {
    const message = 'Premium adds impersonation protection and dark web scanning.';
    await grantAs(creator.email, { cancelledButActive: false, suggestUpgrade: message });
    await page.reload();
    await expectStatusEntry(page, { label: 'Upgrade Plan', badge: 'Recommended', href: '/plans' });
    await expectCallToAction(page, { action: 'Upgrade Now', href: '/plans', text: message });
  });

  await test.step('former: Reactivate Subscription / Alert, Renew Subscription', async () => {
    await grantAs(creator.email, { status: 'former', suggestUpgrade: '' });
    await page.reload();
    await expectStatusEntry(page, {
      label: 'Reactivate Subscription',
      badge: 'Alert',
      href: '/plans',
    });
    await expectCallToAction(page, { action: 'Renew Subscription', href: '/plans' });
    await expect(nav.getByRole('button', { name: VARIANT.takedownReport })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  await test.step('affiliate only: the referral pages and nothing to buy', async () => {
    await grantAs(creator.email, { affiliateOnly: true });
    await page.goto('/refer');
    await expect(page).toHaveURL('/refer');
    await expect(nav.getByRole('link', { name: VARIANT.referDashboard })).toHaveAttribute(
      'href',
      '/refer',
    );
    await expect(nav.getByRole('link', { name: 'Community' })).toBeVisible();
    await expect(nav.getByRole('button', { name: VARIANT.takedownReport })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: VARIANT.dashboard, exact: true })).toHaveCount(0);
    await expectStatusEntry(page, null);
    await expect(callToAction(page)).toHaveCount(0);
  });
});

test('Ctrl+B and Cmd+B collapse the sidebar to icons and back; the state is kept for 7 days', async ({
  page,
  context,
  creator,
}) => {
  await grantAs(creator.email, { status: 'subscribed', plan: 'premium' });
  await page.goto('/dashboard');
  const sidebar = page.locator('[data-slot="sidebar"]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(() => sidebarPanelWidth(page)).toBe(256); // 16rem

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(() => sidebarPanelWidth(page)).toBe(48); // 3rem

  const cookie = (await context.cookies()).find(({ name }) => name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie?.path).toBe('/');
  const expectedExpiry = Date.now() / 1000 + SEVEN_DAYS_S;
  expect(cookie?.expires).toBeGreaterThan(expectedExpiry - 120);
  expect(cookie?.expires).toBeLessThan(expectedExpiry + 120);

  // Collapsed to icons, an item keeps its name and shows it as a tooltip.
  const dashboardLink = mainNav(page).getByRole('link', { name: VARIANT.dashboard, exact: true });
  await dashboardLink.hover();
  await expect(page.getByRole('tooltip', { name: VARIANT.dashboard, exact: true })).toBeVisible();

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Meta+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(() => sidebarPanelWidth(page)).toBe(256);
  const reopened = (await context.cookies()).find(({ name }) => name === 'sidebar_state');
  expect(reopened?.value).toBe('true');

  // The toggle button in the top bar does the same.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
});

test('the user menu holds Account, Notifications, Plans, Community and Sign out', async ({
  page,
  creator: _creator,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /User menu/ }).click();
  const menu = page.getByRole('menu');
  for (const item of ['Account', 'Notifications', 'Plans', 'Community', 'Sign out']) {
    await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL('/account');
});

test('light and dark mode follow the system until the user picks one in the user menu', async ({
  page,
  creator: _creator,
}) => {
  const html = page.locator('html');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const pickTheme = async (name: 'System' | 'Light' | 'Dark') => {
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitemradio', { name }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  };

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(mainNav(page)).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await background()).toBe('rgb(255, 255, 255)');

  await test.step('the system setting is followed live', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    await expect.poll(background).toBe('rgb(11, 18, 32)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  await test.step('Dark is kept across reloads, against a light system', async () => {
    await pickTheme('Dark');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: /User menu/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');
  });

  await test.step('Light is kept against a dark system; System follows it again', async () => {
    await pickTheme('Light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await pickTheme('System');
    await expect(html).toHaveClass(/\bdark\b/);
  });
});

test('the shell has no serious or critical accessibility violation, light and dark', async ({
  page,
  creator,
}) => {
  // A free user sees locked items and the call to action; a subscriber the current page highlighted
  // and a status badge.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/dashboard');
    await expect(callToAction(page)).toBeVisible();
    await expectNoBlockingA11yViolations(page, `a free user's sidebar in ${colorScheme} mode`);
  }
  await grantAs(creator.email, {
    status: 'subscribed',
    plan: 'plus',
    suggestUpgrade: 'Go Premium',
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/dashboard');
    await expect(
      mainNav(page).getByRole('link', { name: VARIANT.dashboard, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoBlockingA11yViolations(page, `a subscriber's sidebar in ${colorScheme} mode`);
  }
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function animationDuration(sheet: Locator, state: 'open' | 'closed'): Promise<string> {
    // The closing animation lasts 300 ms, too short to catch reliably; a copy of the panel in the
    // closed state reads the same style rules deterministically.
    return sheet.evaluate((element, wanted) => {
      const probe = element.cloneNode(false) as HTMLElement;
      probe.setAttribute('data-state', wanted);
      probe.style.visibility = 'hidden';
      document.body.append(probe);
      const duration = getComputedStyle(probe).animationDuration;
      probe.remove();
      return duration;
    }, state);
  }

  test('the sidebar is a sheet that slides in over the page and closes again', async ({
    page,
    creator: _creator,
  }) => {
    await page.goto('/dashboard');
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sheet).toHaveCount(0);
    await expect(mainNav(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // Slid fully in: 18rem wide, at the left edge.
    await expect
      .poll(() => sheet.boundingBox().then((box) => box && [box.x, box.width]))
      .toEqual([0, 288]);
    expect(await animationDuration(sheet, 'open')).toBe('0.5s');
    expect(await animationDuration(sheet, 'closed')).toBe('0.3s');
    await expectNoBlockingA11yViolations(page, 'the open sheet');

    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await test.step('picking a page closes the sheet', async () => {
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await sheet.getByRole('link', { name: 'Community', exact: true }).click();
      await expect(page).toHaveURL('/community');
      await expect(sheet).toHaveCount(0);
    });

    await test.step('Ctrl+B opens it too; the close button closes it', async () => {
      await page.keyboard.press('Control+b');
      await expect(sheet).toBeVisible();
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toHaveCount(0);
    });
  });
});
