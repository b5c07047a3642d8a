// The copyright agent authorisation in Chromium against the real server: a verified subscriber is asked
// on the dashboard to sign, follows the link to /account#agent-authorization, reads the brand's text,
// is stopped in the browser when the signature is not her legal name, signs, finds it signed after a
// reload, and revokes it through the confirmation dialog; the takedown report asks again afterwards.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, grant, test } from './pages-support.ts';
import { BRAND } from './shell-support.ts';

type AuthorizationState = {
  authorization: {
    legalName: string;
    signature: string;
    country: string;
    addressLine2: string | null;
    textVersion: string;
  } | null;
  text: { version: string; body: string };
  canSign: boolean;
};

const headers = { 'x-provider': BRAND.id };

async function authorizationState(page: Page): Promise<AuthorizationState> {
  const response = await page.request.get('/api/authorization', { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthorizationState;
}

/** axe-core finds no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
}

test('a creator signs the agent authorisation on her account page and revokes it', async ({
  page,
  signedInCreator,
}) => {
  test.setTimeout(120_000);
  await grant(signedInCreator.email, { status: 'subscribed', plan: 'standard' });
  const before = await authorizationState(page);
  expect(before.authorization).toBeNull();
  expect(before.canSign).toBe(true);

  const section = page.getByRole('region', { name: 'Copyright agent authorisation' });
  const form = section.getByRole('form', { name: 'Sign the agent authorisation' });
  const callout = page.getByTestId('agent-authorization-callout');

  await test.step('the dashboard asks her to sign and links to the section', async () => {
    await page.goto('/dashboard');
    await expect(callout).toContainText(
      'Sign your agent authorisation so we can send takedown notices for you.',
    );
    await callout.getByRole('link', { name: 'Sign the authorisation' }).click();
    await expect(page).toHaveURL('/account#agent-authorization');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(section).toHaveAttribute('id', 'agent-authorization');
    await expect(
      section.getByRole('heading', { name: 'Copyright agent authorisation' }),
    ).toBeInViewport();
  });

  await test.step('the section shows the text the server gives, with its version', async () => {
    const text = section.getByTestId('authorization-text');
    await expect(
      text.getByRole('heading', { name: `Authorisation of ${BRAND.name} as my agent` }),
    ).toBeVisible();
    // Every paragraph of the server's wording is on the page, in its words.
    for (const paragraph of before.text.body.split('\n\n').slice(1)) {
      await expect(text).toContainText(paragraph);
    }
    await expect(text).toContainText(`Version ${before.text.version}`);
    await expect(form).toBeVisible();
    await expectAccessible(page, '/account, not signed');
  });

  await test.step('a signature that is not her legal name is refused in the browser', async () => {
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/authorization')
        posts += 1;
    });
    await form.getByLabel('Full legal name').fill('Ada Lovelace');
    await form.getByLabel('Address', { exact: true }).fill('12 St James’s Square');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Postal code').fill('SW1Y 4JH');
    await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await form.getByLabel('Signature').fill('Ada Byron');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await form.getByRole('button', { name: 'Sign the authorisation' }).click();

    const signature = form.getByLabel('Signature');
    await expect(
      form.getByText('Type your full legal name exactly as above to sign.'),
    ).toBeVisible();
    await expect(signature).toHaveAttribute('aria-invalid', 'true');
    await expect(signature).toBeFocused();
    expect(posts, 'nothing is sent while the form is wrong').toBe(0);
    expect((await authorizationState(page)).authorization).toBeNull();
  });

  await test.step('signed with her name typed again, it shows as active, also after a reload', async () => {
    // Case and repeated spaces do not count (the contract's rule).
    await form.getByLabel('Signature').fill('ada  lovelace');
    await form.getByRole('button', { name: 'Sign the authorisation' }).click();

    const signed = section.getByTestId('signed-authorization');
    await expect(signed).toContainText('Active: we send takedown notices as your authorised agent');
    const state = await authorizationState(page);
    expect(state.authorization).toMatchObject({
      legalName: 'Ada Lovelace',
      signature: 'ada  lovelace',
      country: 'GB',
      addressLine2: null,
      textVersion: before.text.version,
    });

    await page.reload();
    await expect(signed).toBeVisible();
    await expect(form).toHaveCount(0);
    const detail = (term: string) =>
      signed.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
    await expect(detail('Signed by')).toHaveText('Ada Lovelace');
    await expect(detail('Signature')).toHaveText('ada  lovelace');
    await expect(detail('Text version')).toHaveText(before.text.version);
    await expect(detail('E-mail')).toHaveText(signedInCreator.email);
    await expect(detail('Postal address')).toContainText('United Kingdom');
    await expect(detail('Signed on')).not.toBeEmpty();
    await expectAccessible(page, '/account, signed');

    // Signed, the dashboard no longer asks.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
    await expect(callout).toHaveCount(0);
  });

  await test.step('revoked through the confirmation dialog, the form is back', async () => {
    await page.goto('/account');
    const signed = section.getByTestId('signed-authorization');
    await signed.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke your agent authorisation?' });
    await expect(dialog).toBeVisible();
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await authorizationState(page)).authorization).not.toBeNull();

    await signed.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('button', { name: 'Revoke authorisation' }).click();
    await expect(dialog).toBeHidden();
    await expect(form).toBeVisible();
    await expect(signed).toHaveCount(0);
    expect((await authorizationState(page)).authorization).toBeNull();

    await page.reload();
    await expect(form).toBeVisible();
  });

  await test.step('the takedown report asks her to sign again', async () => {
    await page.goto('/takedown-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Takedown Report' })).toBeVisible();
    await expect(callout.getByRole('link', { name: 'Sign the authorisation' })).toHaveAttribute(
      'href',
      '/account#agent-authorization',
    );
  });
});
