// Test fixtures: a mailbox reading the server's .eml files, and a fresh account's credentials.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { linkPathIn, readMails } from './mailbox.ts';

export type Credentials = { name: string; email: string; password: string };

type Mailbox = {
  /**
   * Waits until a mail to `to` with a matching subject holds a link under `pathPrefix`, and
   * returns that link's path. Only mails that arrived after the fixture was set up count.
   */
  linkTo(to: string, subject: RegExp, pathPrefix: string): Promise<string>;
};

type Fixtures = {
  mailbox: Mailbox;
  account: Credentials;
  /** Fills and sends the sign-in form on the test's page. */
  signIn: (credentials: Pick<Credentials, 'email' | 'password'>) => Promise<void>;
};

function dataDir(): string {
  const dir = process.env.SHARK_E2E_DATA_DIR;
  if (!dir)
    throw new Error('SHARK_E2E_DATA_DIR is not set; run the tests through playwright.config.ts');
  return dir;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  mailbox: async ({}, use) => {
    const mailDir = join(dataDir(), 'mail');
    const seen = new Set((await readMails(mailDir)).map((mail) => mail.file));
    await use({
      async linkTo(to, subject, pathPrefix) {
        let path: string | undefined;
        await expect
          .poll(
            async () => {
              const mails = (await readMails(mailDir)).filter(
                (mail) =>
                  !seen.has(mail.file) &&
                  mail.to.includes(to.toLowerCase()) &&
                  subject.test(mail.subject),
              );
              const newest = mails.at(-1);
              path = newest ? linkPathIn(newest, pathPrefix) : undefined;
              return path;
            },
            { message: `a mail to ${to} with a link to ${pathPrefix}`, timeout: 15_000 },
          )
          .toBeDefined();
        for (const mail of await readMails(mailDir)) seen.add(mail.file);
        return path as string;
      },
    });
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  account: async ({}, use, testInfo) => {
    const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    await use({
      name: `E2E Creator ${testInfo.workerIndex}`,
      email: `e2e-${id}@example.com`,
      password: `first-${id}-Passw0rd`,
    });
  },

  signIn: async ({ page }, use) => {
    await use(async ({ email, password }) => {
      await page.goto('/sign-in');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In with Email' }).click();
    });
  },
});

export { expect };
