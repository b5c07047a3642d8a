// Takedowns on sites the catalog does not know: the site's own channel, read from its pages (tiny
// sites served on loopback, fetched through the real crawler), is the first recipient and the host
// found by RDAP the second; a form-only site gives a form task filled field by field; a staff
// correction wins without the site being read; an old contact is read again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formTask, notice, siteContact, takedown, takedownRecipient } from '@shark/db/schema.ts';
import { arinNetworkAnswer } from '@shark/engine/recipients/testing/rdap-answers.ts';
import {
  startRdapStandIn,
  type RdapStandIn,
} from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import {
  recordLeak,
  signAuthorization,
  startEnforcementServer,
  testCreator,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

const LOOPBACK_ABUSE = 'abuse@loopback-hosting.example';

interface TinySite {
  origin: string;
  pages: Map<string, string>;
  asked: string[];
  close(): Promise<void>;
}

/** A site on loopback serving `pages` by path (HTML, or text for a .txt path); anything else is 404. */
async function tinySite(pages: Record<string, string>): Promise<TinySite> {
  const table = new Map(Object.entries(pages));
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(path);
    const body = table.get(path);
    if (body === undefined) return void res.writeHead(404).end('not here');
    res
      .writeHead(200, {
        'content-type': path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages: table,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

let rdap: RdapStandIn;
let server: TestServer;
const sites: TinySite[] = [];

beforeAll(async () => {
  // Loopback addresses belong to a hosting network of their own in this RDAP world.
  rdap = await startRdapStandIn({
    networks: [
      {
        cidr: '127.0.0.0/8',
        registry: 'arin',
        answer: arinNetworkAnswer({
          cidr: '127.0.0.0/8',
          name: 'LOOPBACK-HOSTING',
          organisation: 'Loopback Hosting, Inc.',
          abuseEmail: LOOPBACK_ABUSE,
          country: 'US',
        }),
      },
    ],
  });
  server = await startEnforcementServer({
    RDAP_BOOTSTRAP_IPV4_URL: rdap.bootstrap.ipv4Url,
    RDAP_BOOTSTRAP_IPV6_URL: rdap.bootstrap.ipv6Url,
    RDAP_BOOTSTRAP_DNS_URL: rdap.bootstrap.dnsUrl,
    SHARK_FETCH_ALLOWLIST: '127.0.0.1',
    SITE_CONTACT_MAX_AGE_DAYS: '10',
  });
});
afterAll(async () => {
  await server?.close();
  await rdap?.close();
  await Promise.all(sites.map((site) => site.close()));
});

const db = () => server.services.database.db;

async function site(pages: Record<string, string>): Promise<TinySite> {
  const started = await tinySite(pages);
  sites.push(started);
  return started;
}

/** The takedown's recipients once the resolve job wrote them. */
async function recipientsOf(takedownId: string) {
  await waitFor(
    async () => {
      const [row] = await db().select().from(takedown).where(eq(takedown.id, takedownId));
      return row?.recipientsResolvedAt ?? undefined;
    },
    { what: `the recipients of ${takedownId}` },
  );
  return db()
    .select()
    .from(takedownRecipient)
    .where(eq(takedownRecipient.takedownId, takedownId))
    .orderBy(asc(takedownRecipient.level));
}

const dmcaSite = (address: string) => ({
  '/': page('Own Tube', '<footer><a href="/about">About</a> <a href="/dmca">DMCA</a></footer>'),
  '/dmca': page(
    'DMCA policy',
    `<p>Copyright owners: send notices to <a href="mailto:${address}">our agent</a>.</p>`,
  ),
});

describe("a site's own channel", () => {
  it('is level 0, before the host found by RDAP, and is kept for the site', async () => {
    const own = await site(dmcaSite('copyright@own-tube.example'));
    const creator = await testCreator(server);
    const { takedownId } = await recordLeak(server, creator.userId, `${own.origin}/videos/1`);
    const recipients = await recipientsOf(takedownId!);
    expect(
      recipients.map((r) => [r.level, r.role, r.channelKind, r.address, r.source.split(':')[0]]),
    ).toEqual([
      [0, 'site', 'email', 'copyright@own-tube.example', 'site-contact'],
      [1, 'host', 'email', LOOPBACK_ABUSE, 'rdap'],
    ]);
    expect(recipients[0]!.source).toBe(`site-contact:mailto:${own.origin}/dmca`);
    expect(recipients[0]!.name).toBe('Own Tube');

    const [stored] = await db()
      .select()
      .from(siteContact)
      .where(eq(siteContact.site, new URL(own.origin).host));
    expect(stored).toMatchObject({ status: 'found', address: 'copyright@own-tube.example' });

    // A second takedown on the site uses the stored contact: the site is not read again.
    const reads = own.asked.length;
    const second = await recordLeak(server, creator.userId, `${own.origin}/videos/2`);
    expect((await recipientsOf(second.takedownId!))[0]!.address).toBe('copyright@own-tube.example');
    expect(own.asked).toHaveLength(reads);
  });

  it('is read again once older than SITE_CONTACT_MAX_AGE_DAYS', async () => {
    const own = await site(dmcaSite('dmca@aging-tube.example'));
    const creator = await testCreator(server);
    const first = await recordLeak(server, creator.userId, `${own.origin}/v/1`);
    expect((await recipientsOf(first.takedownId!))[0]!.address).toBe('dmca@aging-tube.example');

    own.pages.set(
      '/dmca',
      page('DMCA', '<p><a href="mailto:legal@aging-tube.example">DMCA</a></p>'),
    );
    await db()
      .update(siteContact)
      .set({ checkedAt: new Date(Date.now() - 11 * 24 * 3600_000) })
      .where(eq(siteContact.site, new URL(own.origin).host));
    const second = await recordLeak(server, creator.userId, `${own.origin}/v/2`);
    expect((await recipientsOf(second.takedownId!))[0]!.address).toBe('legal@aging-tube.example');
  });

  it('leaves the host first when the site shows no channel, and remembers that', async () => {
    const bare = await site({ '/': page('Bare', '<p>Nothing to see</p>') });
    const creator = await testCreator(server);
    const { takedownId } = await recordLeak(server, creator.userId, `${bare.origin}/x`);
    const recipients = await recipientsOf(takedownId!);
    expect(recipients.map((r) => [r.role, r.address])).toEqual([['host', LOOPBACK_ABUSE]]);
    const [stored] = await db()
      .select()
      .from(siteContact)
      .where(eq(siteContact.site, new URL(bare.origin).host));
    expect(stored?.status).toBe('none');
  });

  it('gives a form task with the form fields filled when the site takes only a form', async () => {
    const formSite = await site({
      '/': page('Pic Form', '<nav><a href="/report-content">Report content</a></nav>'),
      '/report-content': page(
        'Report content',
        `<form action="/report-content/send" method="post">
           <input type="hidden" name="_csrf" value="csrf-42">
           <label for="n">Your name</label><input id="n" name="reporter" required>
           <label for="e">Your e-mail</label><input id="e" name="contact" type="email" required>
           <label for="u">URL of the content</label><input id="u" name="where" type="url" required>
           <label for="d">Describe the problem</label><textarea id="d" name="why"></textarea>
           <label><input type="checkbox" name="truth"> I confirm this is accurate</label>
           <button>Send</button>
         </form>`,
      ),
    });
    const creator = await testCreator(server);
    await signAuthorization(creator);
    const pageUrl = `${formSite.origin}/pics/9`;
    const { takedownId } = await recordLeak(server, creator.userId, pageUrl);
    const recipients = await recipientsOf(takedownId!);
    expect(recipients[0]).toMatchObject({
      level: 0,
      role: 'site',
      channelKind: 'form',
      address: `${formSite.origin}/report-content/send`,
    });
    const [task] = await waitFor(
      async () => {
        const rows = await db()
          .select({ task: formTask, notice })
          .from(formTask)
          .innerJoin(notice, eq(notice.id, formTask.noticeId))
          .where(eq(formTask.userId, creator.userId));
        return rows.length > 0 ? rows : undefined;
      },
      { what: 'the form task' },
    );
    const fields = task!.task.fields as { name: string; role: string; value: string }[];
    const valueOf = (name: string) => fields.find((field) => field.name === name)?.value;
    expect(fields.map((field) => [field.name, field.role])).toEqual([
      ['_csrf', 'hidden'],
      ['reporter', 'name'],
      ['contact', 'email'],
      ['where', 'infringing-url'],
      ['why', 'description'],
      ['truth', 'consent-checkbox'],
    ]);
    expect(valueOf('_csrf')).toBe('csrf-42');
    expect(valueOf('where')).toContain(pageUrl);
    expect(valueOf('why')).toBe(task!.notice.textBody);
    // The agent's address, never the creator's own.
    expect(valueOf('contact')).not.toBe(creator.email);
    expect(valueOf('contact')).toMatch(/@/);
    expect(JSON.stringify(fields)).not.toContain(creator.email);

    const shown = await server.services.enforcement.forms.show(task!.task.id);
    expect(shown.siteFields?.find((field) => field.name === 'where')?.value).toContain(pageUrl);
  });

  it("lets a staff correction win without reading the site's pages", async () => {
    const own = await site(dmcaSite('dmca@corrected-tube.example'));
    const key = new URL(own.origin).host;
    await server.services.enforcement.siteContacts.correct(
      key,
      { kind: 'email', address: 'Legal@Owner-Law.example' },
      'staff-anna',
    );
    const creator = await testCreator(server);
    const { takedownId } = await recordLeak(server, creator.userId, `${own.origin}/v/7`);
    const recipients = await recipientsOf(takedownId!);
    expect(recipients.map((r) => [r.level, r.role, r.address])).toEqual([
      [0, 'site', 'legal@owner-law.example'],
      [1, 'host', LOOPBACK_ABUSE],
    ]);
    expect(recipients[0]!.source).toBe('site-contact:staff:staff-anna');
    expect(own.asked).toEqual([]);
  });
});
