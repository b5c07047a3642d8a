// Billing steps shared by the specs that pay: the Stripe stand-in's control origin (from the simulated
// web's info file), the plans page's interval control, and paying on the stand-in's hosted Checkout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';
import { expect } from './shell-support.ts';

export const toast = (page: Page) => page.locator('[data-sonner-toast]');

export function stripeControlOrigin(): string {
  const info = JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as {
    stripe: { controlOrigin: string };
  };
  return info.stripe.controlOrigin;
}

/** The interval's radio is visually hidden inside its label, as a segmented control: click the label. */
export async function chooseInterval(page: Page, name: 'Monthly' | 'Annual'): Promise<void> {
  await page.locator('label').filter({ hasText: name }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeChecked();
}

/** Pays on the stand-in's hosted Checkout page and waits for the app to take the browser back. */
export async function payOnCheckout(page: Page, expectedAmount: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${stripeControlOrigin()}/c/pay/`));
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await expect(page.getByText(expectedAmount)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  // Back on /plans?checkout=success, which moves on once the account is subscribed; a new subscriber
  // continues her onboarding.
  await expect(toast(page).filter({ hasText: 'Your protection is active' })).toBeVisible();
  await expect(page).toHaveURL('/onboarding');
}
