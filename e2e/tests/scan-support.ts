// Helpers of the scan specs: the creator the simulated web plants copies and impersonators of
// (written by the e2e server), and a subscriber set up to scan for her.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, grant, test } from './pages-support.ts';
import { BRAND } from './shell-support.ts';

export type SimulatedCreator = {
  usernames: string[];
  accounts: { platform: string; username: string }[];
  /** Her reference photos on disk; the simulated sites carry edited copies of them. */
  references: { name: string; path: string }[];
};

/** The creator the simulated web plants copies and impersonators of (written by the e2e server). */
export function simulatedCreator(): SimulatedCreator {
  const info = JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as {
    creator: SimulatedCreator;
  };
  return info.creator;
}

export type SimulatedDarkWeb = {
  /** Copies on onion sites, found through the SOCKS stand-in. */
  leaks: { pageUrl: string }[];
  /** The copy on the onion drop's clearnet mirror, and the drop's onion host. */
  mirrorLeaks: { pageUrl: string }[];
  mirrorOf: string;
};

/** The simulated web's dark web: what a Premium scan finds there (written by the e2e server). */
export function simulatedDarkWeb(): SimulatedDarkWeb {
  const info = JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as {
    darkWeb: SimulatedDarkWeb;
  };
  return info.darkWeb;
}

/**
 * Makes the signed-in creator (`email`, on `page`) a premium subscriber with the simulated creator's
 * accounts and reference photos, all processed, so a scan finds the simulated web's copies.
 */
export async function setUpScannableCreator(page: Page, email: string): Promise<SimulatedCreator> {
  await grant(email, { status: 'subscribed', plan: 'premium' });
  const creator = simulatedCreator();
  const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json' };
  for (const account of creator.accounts) {
    const added = await page.request.post('/api/accounts', { headers, data: account });
    expect(added.status(), await added.text()).toBe(201);
  }

  await test.step('upload the reference photos the simulated web has copies of', async () => {
    await page.goto('/file-uploads');
    await page.getByLabel('Files to upload').setInputFiles(creator.references.map((r) => r.path));
    for (const reference of creator.references) {
      await expect(
        page.getByRole('listitem', { name: reference.name }).getByTestId('upload-status'),
      ).toContainText('Ready', { timeout: 60_000 });
    }
  });
  return creator;
}
