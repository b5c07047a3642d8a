// Helpers of the page specs: a verified, signed-in creator made quickly through the API, and roles
// set as the operator CLI's `shark users grant` and `shark staff grant` set them, through the running
// server's admin socket (the CLI itself is run in takedown-support.ts and in the CLI's own tests; a
// process per grant made the specs that walk a user through every state slow on a loaded machine).
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, test as base, type Credentials } from './fixtures.ts';

export type Grant = {
  status?: 'free' | 'subscribed' | 'former';
  plan?: 'standard' | 'plus' | 'premium';
  /** Replaces the granted features; [] clears them. */
  features?: string[];
  affiliateOnly?: boolean;
};

/** Sends one operator command to the running server's admin socket, as the CLI does; its answer. */
async function adminCommand(name: string, body: unknown): Promise<unknown> {
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: join(DATA_DIR, 'admin.sock'),
        path: `/${name}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  if (answer.status !== 200) throw new Error(`shark ${name} failed: ${answer.text}`);
  return JSON.parse(answer.text) as unknown;
}

/** Sets the user's status, plan, features or affiliate flag as an operator would. */
export async function grant(email: string, changes: Grant): Promise<void> {
  await adminCommand('users/grant', { email, changes });
}

/** Gives the account a staff role as `shark staff grant` does. */
export async function grantStaffRole(email: string, role: 'agent' | 'admin'): Promise<void> {
  await adminCommand('staff/grant', { email, role });
}

/**
 * A likeness finding of the creator on `pageUrl` (her enrolled face and the face found there), recorded
 * through the findings service by the e2e server's seeding command, as a scan records one.
 */
export async function seedLikenessFinding(
  email: string,
  pageUrl: string,
  similarity: number,
): Promise<{ id: string; status: string }> {
  return (await adminCommand('e2e/likeness-finding', { email, pageUrl, similarity })) as {
    id: string;
    status: string;
  };
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

export async function signUp(
  { request, baseURL }: SignUpOptions,
  account: Credentials,
): Promise<void> {
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
