// Sites outside the catalog in the staff console over HTTP: creators see none of it (404); agents list
// the sites scans recorded, accept or dismiss them and set a site's own channel through the same
// service as `shark sites`, and each change is in the audit log.
import type {
  DiscoveredSite,
  SiteContact,
  SiteContactResult,
  StaffSiteList,
} from '@shark/contracts/staff-sites.ts';
import { discoveredSite } from '@shark/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
let agent: Awaited<ReturnType<typeof staffUser>>;

beforeAll(async () => {
  server = await startTestServer();
  agent = await staffUser(server, 'agent');
  // Sites as the scans record them.
  await server.services.database.db.insert(discoveredSite).values([
    { site: 'tube-a.example', origin: 'https://tube-a.example', name: 'Tube A', copies: 5 },
    { site: 'board-b.example', origin: 'https://board-b.example', kind: 'forum', copies: 2 },
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('sites outside the catalog', () => {
  it('answers 404 to creators', async () => {
    const creator = await signedInUser(server);
    expect((await creator.browser.get('/api/staff/sites')).status).toBe(404);
    expect((await creator.browser.get('/api/staff/sites/contact?site=tube-a.example')).status).toBe(
      404,
    );
    for (const action of ['contact', 'accept', 'dismiss'])
      expect(
        (await creator.browser.post(`/api/staff/sites/${action}`, { site: 'tube-a.example' }))
          .status,
      ).toBe(404);
  });

  it('lists the sites, accepts one with its name and kind, dismisses another, and logs both', async () => {
    const all = await agent.browser.get<StaffSiteList>('/api/staff/sites');
    expect(all.body.sites.map((s) => [s.site, s.copies])).toEqual([
      ['tube-a.example', 5],
      ['board-b.example', 2],
    ]);
    const accepted = await agent.browser.post<DiscoveredSite>('/api/staff/sites/accept', {
      site: 'https://www.tube-a.example/videos/1',
      name: 'Tube A!',
      kind: 'tube',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      site: 'tube-a.example',
      status: 'accepted',
      name: 'Tube A!',
      reviewedBy: agent.email,
    });
    const dismissed = await agent.browser.post<DiscoveredSite>('/api/staff/sites/dismiss', {
      site: 'board-b.example',
    });
    expect(dismissed.body.status).toBe('dismissed');
    const candidates = await agent.browser.get<StaffSiteList>('/api/staff/sites?status=candidate');
    expect(candidates.body.sites).toEqual([]);

    const log = await server.services.staffAudit.list({ actor: agent.email });
    const events = log.events.filter((e) => e.targetType === 'discovered_site');
    expect(events.map((e) => [e.action, e.targetId])).toEqual([
      ['site.dismiss', 'board-b.example'],
      ['site.accept', 'tube-a.example'],
    ]);
    expect(events[1]).toMatchObject({
      before: { status: 'candidate' },
      after: { status: 'accepted' },
    });
  });

  it('sets a site’s own channel, shows it, and refuses an address and a form together', async () => {
    const none = await agent.browser.get<SiteContactResult>(
      '/api/staff/sites/contact?site=new-host.example',
    );
    expect(none.body).toEqual({ contact: null });
    const both = await agent.browser.post('/api/staff/sites/contact', {
      site: 'new-host.example',
      email: 'dmca@new-host.example',
      form: 'https://new-host.example/dmca',
    });
    expect(both.status).toBe(400);
    const set = await agent.browser.post<SiteContact>('/api/staff/sites/contact', {
      site: 'https://new-host.example/page/2',
      email: 'DMCA@new-host.example',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      site: 'new-host.example',
      status: 'corrected',
      channelKind: 'email',
      address: 'dmca@new-host.example',
      correctedBy: agent.email,
    });
    const shown = await agent.browser.get<SiteContactResult>(
      '/api/staff/sites/contact?site=new-host.example',
    );
    expect(shown.body.contact?.address).toBe('dmca@new-host.example');
    const log = await server.services.staffAudit.list({ targetId: 'new-host.example' });
    expect(log.events.map((e) => [e.action, e.before])).toEqual([['site.contact', null]]);
  });
});
