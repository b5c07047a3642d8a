import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findSite, loadSiteCatalog, type CatalogSite } from '../discovery/site-catalog/catalog.ts';
import { SiteTemplateError } from '../discovery/site-catalog/templates.ts';
import { assessProfile } from './assess-profile.ts';
import {
  checkProfile,
  cleanDisplayName,
  type ProfileCheckOutcome,
  type ProfilePage,
} from './profile-check.ts';

const catalog = loadSiteCatalog();
const socialNetworks = catalog.sites.filter((entry) => entry.kind === 'social-network');

function site(id: string): CatalogSite {
  const found = findSite(catalog, id);
  if (!found) throw new Error(`no site ${id} in the catalog`);
  return found;
}

const fixtureUrl = (name: string) =>
  new URL(`../discovery/site-catalog/fixtures/${name}`, import.meta.url);
const fixture = (name: string) => readFileSync(fixtureUrl(name), 'utf8');

/** A fetcher that answers one page and records what was asked for. */
function answering(page: Partial<ProfilePage> & { html?: string | null }) {
  const asked: string[] = [];
  const fetchPage = (url: string): Promise<ProfilePage> => {
    asked.push(url);
    return Promise.resolve({ status: 200, finalUrl: url, html: null, ...page });
  };
  return { asked, fetchPage };
}

interface FoundCase {
  siteId: string;
  file: string;
  username: string;
  url: string;
  displayName: string;
  avatarUrl: string;
}

/** Every social network's profile fixture (and Telegram's channel preview), read through the catalog. */
const FOUND: FoundCase[] = [
  {
    siteId: 'reddit',
    file: 'social-network-profile.reddit.html',
    username: 'janedoe_official',
    url: 'https://old.reddit.com/user/janedoe_official/submitted/',
    displayName: 'janedoe_official',
    avatarUrl: 'https://styles.redditmedia.com/t5_abc123/styles/profileIcon_xyz.png',
  },
  {
    siteId: 'x',
    file: 'social-network-profile.x.html',
    username: 'janedoe_vip',
    url: 'https://x.com/janedoe_vip',
    displayName: 'Jane Doe',
    avatarUrl: 'https://pbs.twimg.com/profile_images/1700000000000000000/AbCdEf_400x400.jpg',
  },
  {
    siteId: 'instagram',
    file: 'social-network-profile.instagram.html',
    username: 'janedoe.vip',
    url: 'https://www.instagram.com/janedoe.vip/',
    displayName: 'Jane Doe',
    avatarUrl:
      'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-19/123_n.jpg?stp=dst-jpg_s100x100&_nc_ht=scontent-iad3-1.cdninstagram.com',
  },
  {
    siteId: 'tiktok',
    file: 'social-network-profile.tiktok.html',
    username: 'janedoe.official',
    url: 'https://www.tiktok.com/@janedoe.official',
    displayName: 'Jane Doe 💋',
    avatarUrl:
      'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc123~c5_720x720.jpeg?x-expires=1700000000&x-signature=xyz',
  },
  {
    siteId: 'bluesky',
    file: 'social-network-profile.bluesky.html',
    username: 'janedoe-vip.bsky.social',
    url: 'https://bsky.app/profile/janedoe-vip.bsky.social',
    displayName: 'Jane Doe',
    avatarUrl:
      'https://cdn.bsky.app/img/avatar/plain/did:plc:abcdefghijklmnopqrstuvwx/bafkreiabc123@jpeg',
  },
  {
    siteId: 'facebook',
    file: 'social-network-profile.facebook.html',
    username: 'janedoe.official',
    url: 'https://www.facebook.com/janedoe.official',
    displayName: 'Jane Doe',
    avatarUrl:
      'https://scontent-iad3-2.xx.fbcdn.net/v/t39.30808-1/400000000_123_n.jpg?stp=dst-jpg_s200x200&_nc_cat=1',
  },
  {
    siteId: 'telegram-preview',
    file: 'telegram-index-profile.telegram-preview.html',
    username: 'janedoeleaks',
    url: 'https://t.me/s/janedoeleaks',
    displayName: 'Jane Doe Leaks',
    avatarUrl: 'https://cdn4.cdn-telegram.org/file/channel-photo-abc.jpg',
  },
];

describe('the catalog’s social networks', () => {
  it.each(socialNetworks.map((entry) => [entry.id, entry] as const))(
    '%s has a profile template with name and picture selectors, and a fixture page for them',
    (id, entry) => {
      expect(entry.profile?.identity?.displayName, id).toBeDefined();
      expect(entry.profile?.identity?.avatar, id).toBeDefined();
      expect(existsSync(fixtureUrl(`social-network-profile.${id}.html`)), id).toBe(true);
      expect(FOUND.map((found) => found.siteId)).toContain(id);
    },
  );
});

describe('checkProfile on profiles that exist', () => {
  it.each(FOUND.map((entry) => [entry.siteId, entry] as const))('%s', async (_id, entry) => {
    const { asked, fetchPage } = answering({ html: fixture(entry.file) });
    const check = await checkProfile({
      site: site(entry.siteId),
      username: entry.username,
      fetchPage,
    });
    expect(asked).toEqual([entry.url]);
    expect(check).toEqual({
      exists: true,
      outcome: 'found',
      url: entry.url,
      finalUrl: entry.url,
      status: 200,
      displayName: entry.displayName,
      avatarUrl: entry.avatarUrl,
    });
  });

  it('follows a redirect that keeps the handle (another letter case, another subdomain)', async () => {
    const { fetchPage } = answering({
      finalUrl: 'https://www.instagram.com/JaneDoe.VIP/',
      html: fixture('social-network-profile.instagram.html'),
    });
    const check = await checkProfile({
      site: site('instagram'),
      username: '@janedoe.vip',
      fetchPage,
    });
    expect(check).toMatchObject({
      exists: true,
      finalUrl: 'https://www.instagram.com/JaneDoe.VIP/',
    });
  });
});

describe('checkProfile on profiles that do not exist', () => {
  it.each([
    ['instagram', 'not-found'],
    ['tiktok', 'no-identity'],
    ['x', 'no-identity'],
    ['bluesky', 'no-identity'],
    ['reddit', 'not-found'],
    ['facebook', 'no-identity'],
  ] as const)('%s: its page for a missing handle (answered 200) is %s', async (id, outcome) => {
    const { fetchPage } = answering({ html: fixture(`social-network-not-found.${id}.html`) });
    const check = await checkProfile({ site: site(id), username: 'nobody_here_123', fetchPage });
    expect(check).toMatchObject({ exists: false, outcome, displayName: null, avatarUrl: null });
  });

  it.each([
    [404, 'not-found'],
    [410, 'not-found'],
    [403, 'unavailable'],
    [429, 'unavailable'],
    [503, 'unavailable'],
    [302, 'unavailable'],
  ] as [number, ProfileCheckOutcome][])(
    'status %i is %s, whatever the page says',
    async (status, outcome) => {
      const { fetchPage } = answering({ status, html: fixture('social-network-profile.x.html') });
      const check = await checkProfile({ site: site('x'), username: 'janedoe_vip', fetchPage });
      expect(check).toMatchObject({ exists: false, outcome, status, displayName: null });
    },
  );

  it.each([
    ['a login page', 'https://www.instagram.com/accounts/login/?next=%2Fjanedoe.vip%2F'],
    ['the home page', 'https://www.instagram.com/'],
    ['another profile', 'https://www.instagram.com/someone_else/'],
    ['another site', 'https://janedoe.vip.example/'],
    ['a challenge', 'https://www.instagram.com/challenge/?next=/janedoe.vip/'],
  ])('a redirect to %s is not the profile', async (_label, finalUrl) => {
    const { fetchPage } = answering({
      finalUrl,
      html: fixture('social-network-profile.instagram.html'),
    });
    const check = await checkProfile({
      site: site('instagram'),
      username: 'janedoe.vip',
      fetchPage,
    });
    expect(check).toMatchObject({ exists: false, outcome: 'redirected', finalUrl });
  });

  it('a page that is not HTML has no identity', async () => {
    const { fetchPage } = answering({ html: null });
    const check = await checkProfile({ site: site('x'), username: 'janedoe_vip', fetchPage });
    expect(check.outcome).toBe('no-identity');
  });

  it('refuses a site without identity selectors and a handle that cannot be a handle', async () => {
    const { fetchPage, asked } = answering({ html: '' });
    await expect(
      checkProfile({ site: site('xhamster'), username: 'jane', fetchPage }),
    ).rejects.toThrow(SiteTemplateError);
    await expect(
      checkProfile({ site: site('x'), username: 'jane doe', fetchPage }),
    ).rejects.toThrow(SiteTemplateError);
    expect(asked).toEqual([]);
  });

  it('passes on a failed fetch so the caller can retry', async () => {
    const fetchPage = () => Promise.reject(new Error('connection reset'));
    await expect(
      checkProfile({ site: site('x'), username: 'janedoe_vip', fetchPage }),
    ).rejects.toThrow('connection reset');
  });
});

describe('cleanDisplayName', () => {
  it.each([
    ['instagram', 'Jane Doe (@janedoe.vip) • Instagram photos and videos', 'Jane Doe'],
    ['x', 'Jane Doe (@janedoe_vip) / X', 'Jane Doe'],
    ['x', 'Jane Doe (@janedoe_vip) on X', 'Jane Doe'],
    ['x', 'X Æ A-12', 'X Æ A-12'],
    ['tiktok', 'Jane | Doe (@jd) | TikTok', 'Jane | Doe'],
    ['tiktok', 'TikTok - Make Your Day', null],
    ['bluesky', 'Bluesky', null],
    ['facebook', 'Jane Doe - Fan club', 'Jane Doe - Fan club'],
    ['facebook', '   ', null],
    ['facebook', null, null],
  ])('%s: %j → %j', (id, raw, expected) => {
    expect(cleanDisplayName(site(id), raw)).toBe(expected);
  });
});

describe('a profile check feeding the assessment', () => {
  it('finds the Instagram impersonator of the fixture', async () => {
    const { fetchPage } = answering({ html: fixture('social-network-profile.instagram.html') });
    const check = await checkProfile({
      site: site('instagram'),
      username: 'janedoe.vip',
      fetchPage,
    });
    const assessment = assessProfile({
      creator: {
        usernames: ['janedoe'],
        names: ['Jane Doe'],
        ownAccounts: [{ platform: 'instagram', username: 'janedoe' }],
      },
      profile: { platform: 'instagram', username: 'janedoe.vip', displayName: check.displayName },
      avatarMatchesReference: false,
    });
    expect(assessment).toMatchObject({
      isImpersonation: true,
      reasons: ['uses-name', 'username-variant'],
      confidence: 0.85,
    });
  });
});
