// Helpers of the page specs: a verified, signed-in creator made quickly through the API, and roles
// set with the operator CLI (`npx shark users grant`), which reaches the running server's admin socket.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, test as base, type Credentials } from './fixtures.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type Grant = {
  status?: 'free' | 'subscribed' | 'former';
  plan?: 'standard' | 'plus' | 'premium';
  /** Replaces the granted features; [] clears them. */
  features?: string[];
  affiliateOnly?: boolean;
};

/** Sets the user's status, plan, features or affiliate flag as an operator would. */
export async function grant(email: string, changes: Grant): Promise<void> {
  const args = ['--no', 'shark', 'users', 'grant', email];
  if (changes.status) args.push('--status', changes.status);
  if (changes.plan) args.push('--plan', changes.plan);
  if (changes.features) args.push('--features', changes.features.join(','));
  if (changes.affiliateOnly !== undefined) args.push(`--affiliate-only=${changes.affiliateOnly}`);
  try {
    await run('npx', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR } });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`shark users grant ${email} failed: ${stderr ?? String(error)}`);
  }
}

type SignUpOptions = { request: APIRequestContext; page: Page; baseURL: string | undefined };

type PageFixtures = {
  /**
   * Signs up a new creator through the API and opens the verification link in the test's page,
   * which leaves that page signed in. Returns the credentials.
   */
  signedInCreator: Credentials;
};

export const test = base.extend<PageFixtures>({
  signedInCreator: async ({ request, page, baseURL, account, mailbox }, use) => {
    await signUp({ request, page, baseURL }, account);
    const verificationPath = await mailbox.linkTo(
      account.email,
      /verify/i,
      '/email-settings/verification/',
    );
    await page.goto(verificationPath);
    await expect(page.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
    await use(account);
  },
});

async function signUp({ request, baseURL }: SignUpOptions, account: Credentials): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { 'x-provider': 'shark', 'content-type': 'application/json', origin: baseURL },
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.ok(), `sign-up answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
}

export const DENIED_URL = '/plans?reason=authorization_required';

/** Opens `path` and checks that the page itself is shown (its h1), not a redirect. */
export async function expectAllowed(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page, `${path} should open`).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Opens `path` and checks that the guard sent the user to the plans with the reason shown. */
export async function expectDenied(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page, `${path} should send to the plans`).toHaveURL(DENIED_URL);
  await expect(page.getByText('This page needs a different plan.')).toBeVisible();
}

export { expect };
