// Helpers of the takedown flow spec: who takes each simulated site's notices (written by the e2e server),
// a site taking a page down through the simulated web's control server, the operator CLI's takedown
// commands (through the running server's admin socket), and the notices written to DATA_DIR/mail.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DATA_DIR } from '../playwright.config.ts';
import { readMails, type ReceivedMail } from './mailbox.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type SimulatedSiteInfo = {
  id: string;
  name: string;
  origin: string;
  /** Where the site takes copyright notices: an address, or a web form only. */
  dmca: { email?: string; url?: string };
};

export type SimulatedWebInfo = {
  sites: SimulatedSiteInfo[];
  /** The network the sites are on, as the stand-in RDAP registry describes it. */
  hosting: { cidr: string; organisation: string; abuseEmail: string };
  /** The simulated web's control server (a site removing a page). */
  controlOrigin: string;
  expected: { leaks: { pageUrl: string; site: string }[] };
};

export function simulatedWeb(): SimulatedWebInfo {
  return JSON.parse(readFileSync(join(DATA_DIR, 'simulated-web.json'), 'utf8')) as SimulatedWebInfo;
}

/** The simulated site serving `url`, if any. */
export function siteOf(web: SimulatedWebInfo, url: string): SimulatedSiteInfo | undefined {
  const origin = new URL(url).origin;
  return web.sites.find((site) => site.origin === origin);
}

async function control(web: SimulatedWebInfo, path: string, url: string): Promise<void> {
  const response = await fetch(`${web.controlOrigin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** The site acts on the notice: the page answers 410 Gone from now on. */
export const removePage = (web: SimulatedWebInfo, url: string) =>
  control(web, '/pages/remove', url);
/** Puts the page back, so that the specs after this one see the simulated web as planted. */
export const restorePage = (web: SimulatedWebInfo, url: string) =>
  control(web, '/pages/restore', url);

/** `npx shark …` on the e2e server's DATA_DIR (handed to the server through its admin socket); its output. */
export async function shark(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('npx', ['--no', 'shark', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR },
    });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`shark ${args.join(' ')} failed: ${stderr ?? String(error)}`);
  }
}

/** A `shark` command that prints JSON, parsed. */
export async function sharkJson<T>(...args: string[]): Promise<T> {
  return JSON.parse(await shark(...args)) as T;
}

/** Mails in DATA_DIR/mail to `address` (null: to anyone) whose text contains every one of `containing`. */
export async function mailsTo(
  address: string | null,
  ...containing: string[]
): Promise<ReceivedMail[]> {
  const mails = await readMails(join(DATA_DIR, 'mail'));
  return mails.filter(
    (mail) =>
      (address === null || mail.to.includes(address.toLowerCase())) &&
      containing.every((text) => mail.text.includes(text)),
  );
}

/** The agent who signs a brand's notices, from the brands file the server reads. */
export function agentOf(brandId: string): { name: string; email: string } {
  const file = resolve(repoRoot, process.env.BRANDS_FILE ?? 'config/brands.json');
  const { brands } = JSON.parse(readFileSync(file, 'utf8')) as {
    brands: { id: string; agent?: { name: string; email: string } }[];
  };
  const agent = brands.find((brand) => brand.id === brandId)?.agent;
  if (!agent) throw new Error(`brand ${brandId} has no agent in ${file}`);
  return agent;
}
