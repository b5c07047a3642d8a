// Helpers of the app-shell specs: a verified, signed-in creator made through the API (the UI flow is
// covered by account.spec.ts), roles set with the operator CLI, and the brand the app was built for.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DATA_DIR } from '../playwright.config.ts';
import { expect, test as base, type Credentials } from './fixtures.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

type BrandEntry = { id: string; name: string; sidebarVariant: 'classic' | 'grouped' };

/**
 * The brand under test: the one the web app was built for (`--mode <id>.production`); `shark` unless
 * E2E_BRAND says otherwise. Its expectations come from the brands file, not from the app.
 */
export const BRAND: BrandEntry = (() => {
  const id = process.env.E2E_BRAND ?? 'shark';
  // Relative to the repository root, like the server's (which runs there).
  const file = resolve(repoRoot, process.env.BRANDS_FILE ?? 'config/brands.json');
  const { brands } = JSON.parse(readFileSync(file, 'utf8')) as { brands: BrandEntry[] };
  const brand = brands.find((candidate) => candidate.id === id);
  if (!brand) throw new Error(`E2E_BRAND ${id} is not in ${file}`);
  return brand;
})();

export type ShellGrant = {
  status?: 'free' | 'subscribed' | 'former';
  plan?: 'standard' | 'plus' | 'premium';
  /** Replaces the granted features; [] clears them. */
  features?: string[];
  affiliateOnly?: boolean;
  cancelledButActive?: boolean;
  /** '' clears the suggestion. */
  suggestUpgrade?: string;
};

/** `npx shark users grant` as an operator would run it; the CLI reaches the server's admin socket. */
export async function grantAs(email: string, changes: ShellGrant): Promise<void> {
  const args = ['--no', 'shark', 'users', 'grant', email];
  if (changes.status) args.push('--status', changes.status);
  if (changes.plan) args.push('--plan', changes.plan);
  if (changes.features) args.push('--features', changes.features.join(','));
  if (changes.affiliateOnly !== undefined) args.push(`--affiliate-only=${changes.affiliateOnly}`);
  if (changes.cancelledButActive !== undefined) {
    args.push(`--cancelled-but-active=${changes.cancelledButActive}`);
  }
  if (changes.suggestUpgrade !== undefined)
    args.push(`--suggest-upgrade=${changes.suggestUpgrade}`);
  try {
    await run('npx', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR } });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`shark users grant ${email} failed: ${stderr ?? String(error)}`);
  }
}

type ShellFixtures = {
  /** A new creator, verified and signed in in the test's browser context (no page opened yet). */
  creator: Credentials;
};

export const test = base.extend<ShellFixtures>({
  creator: async ({ page, baseURL, account, mailbox }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    // page.request shares the page's cookies, so the session set by verification signs the page in.
    const headers = { 'x-provider': BRAND.id, 'content-type': 'application/json', origin: baseURL };
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: account.name, email: account.email, password: account.password },
    });
    expect(signUp.ok(), `sign-up answered ${signUp.status()}: ${await signUp.text()}`).toBe(true);

    const link = await mailbox.linkTo(account.email, /verify/i, '/email-settings/verification/');
    const token = decodeURIComponent(link.split('?')[0]?.split('/').pop() ?? '');
    const verified = await page.request.get(
      `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      { headers },
    );
    expect(verified.ok(), `verification answered ${verified.status()}`).toBe(true);
    await use(account);
  },
});

export { expect };
