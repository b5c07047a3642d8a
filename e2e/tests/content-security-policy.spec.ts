// The built SPA under the server's Content-Security-Policy: no page a creator walks through (sign-up,
// sign-in, the main signed-in pages and a chart) makes the browser refuse anything.
import type { Page } from '@playwright/test';
import { expect, grant, test } from './pages-support.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test('the signed-out and signed-in pages run under the CSP with no violation', async ({
  page,
  signedInCreator,
}) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });

  const visit = async (path: string, heading: string | RegExp) => {
    const response = await page.goto(path);
    // The document is the server's, with its policy: without one no violation could happen.
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    return violationsOn(page, path);
  };

  const seen: string[] = [];
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'premium' });
  // A confirmed finding, so the dashboard draws its charts.
  const reported = await page.request.post('/api/report-impersonation', {
    headers: { 'x-provider': 'shark' },
    data: {
      url: 'https://x.com/fake_creator',
      platform: 'x',
      evidence: 'Uses my name and my photos, and asks my fans for money.',
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  seen.push(...(await visit('/dashboard', `Welcome, ${signedInCreator.name}`)));
  // The takedown charts load as a chunk of their own and draw SVG with inline styles.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  seen.push(...(await violationsOn(page, '/dashboard (charts)')));
  for (const [path, heading] of [
    ['/branches', 'Your Content'],
    ['/takedown-report', 'Takedown Report'],
    ['/account', 'Account'],
    ['/plans', 'Plans'],
  ] as const) {
    seen.push(...(await visit(path, heading)));
  }
  // The colour scheme is set by /boot.js before the app loads: it ran, it was not blocked.
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(
    /^(light|dark)$/,
  );

  await page.context().clearCookies();
  seen.push(...(await visit('/sign-in', 'Sign in to your account')));
  seen.push(...(await visit('/sign-up', 'Create your account')));

  expect(seen).toEqual([]);
  expect(refusals).toEqual([]);

  // The listener does hear a violation: an inline script is refused and recorded.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.head.append(script);
  });
  await expect
    .poll(() => page.evaluate(() => window.cspViolations ?? []))
    .toEqual([expect.stringMatching(/^script-src/)]);
});

async function violationsOn(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => window.cspViolations ?? []);
  return found.map((violation) => `${label}: ${violation}`);
}
