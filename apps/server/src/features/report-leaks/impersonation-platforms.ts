// The platforms a fake profile can be reported on — the catalog's social networks (whose impersonation
// policies are known) and the Accounts platforms — and how a reported profile address is read: which
// platform it is on and whose username it carries (the catalog's profile template, else the Accounts rules).
import type { ImpersonationPlatform } from '@shark/contracts/report-leaks.ts';
import {
  ACCOUNT_PLATFORMS,
  identifyAccount,
  isHandlePlatform,
  PLATFORM_NAMES,
  type AccountPlatform,
} from '@shark/engine/accounts/account-identity.ts';
import {
  findSiteByUrl,
  PLACEHOLDERS,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';

export interface ResolvedPlatform {
  id: string;
  name: string;
  /** The catalog site, for social networks of the catalog. */
  site: CatalogSite | null;
  account: AccountPlatform | null;
}

/** Accounts platforms by their names for people ("OnlyFans"); website and other read better spelt out. */
function accountName(platform: AccountPlatform): string {
  if (platform === 'website') return 'Website';
  if (platform === 'other') return 'Other platform';
  return PLATFORM_NAMES[platform];
}

/** Catalog social networks first (their id wins where an Accounts platform has the same id), then the rest. */
export function impersonationPlatforms(catalog: SiteCatalog): ImpersonationPlatform[] {
  const social = catalog.sites.filter((site) => site.kind === 'social-network');
  const list: ImpersonationPlatform[] = social.map((site) => ({
    id: site.id,
    name: site.name,
    kind: 'social-network',
    reportUrl: site.impersonation?.url ?? null,
    profileTemplate: site.profile?.url ?? null,
  }));
  for (const platform of ACCOUNT_PLATFORMS) {
    if (list.some((entry) => entry.id === platform)) continue;
    list.push({
      id: platform,
      name: accountName(platform),
      kind: 'account',
      reportUrl: null,
      profileTemplate: null,
    });
  }
  return list;
}

export function resolvePlatform(catalog: SiteCatalog, id: string): ResolvedPlatform | null {
  const site =
    catalog.sites.find((entry) => entry.id === id && entry.kind === 'social-network') ?? null;
  const account = (ACCOUNT_PLATFORMS as readonly string[]).includes(id)
    ? (id as AccountPlatform)
    : null;
  if (!site && !account) return null;
  return { id, name: site?.name ?? accountName(account!), site, account };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The username in a profile address, by the site's profile template: the path up to the placeholder
 * must be the template's (what follows, such as /videos, may differ), on the site's own host.
 */
export function usernameFromTemplate(site: CatalogSite, url: URL): string | null {
  if (!site.profile) return null;
  const placeholder = PLACEHOLDERS.profile;
  const template = site.profile.url;
  const at = template.indexOf(placeholder);
  const templateUrl = new URL(template.replace(placeholder, 'x'));
  const pathStart = template.indexOf('/', `${templateUrl.protocol}//`.length);
  const beforeInPath = template.slice(pathStart, at);
  // A template with the username in the query (?username={username}) reads it from there.
  const queryAt = beforeInPath.indexOf('?');
  if (queryAt !== -1) {
    const name = beforeInPath
      .slice(queryAt + 1)
      .split('&')
      .at(-1)
      ?.replace(/=$/, '');
    const value = name ? url.searchParams.get(name) : null;
    return value && value.trim() !== '' ? value.trim().replace(/^@/, '') : null;
  }
  const pattern = new RegExp(`^${escapeRegExp(beforeInPath)}([^/?#]+)`, 'i');
  const found = pattern.exec(url.pathname);
  if (!found?.[1]) return null;
  let username: string;
  try {
    username = decodeURIComponent(found[1]);
  } catch {
    username = found[1];
  }
  username = username.trim().replace(/^@/, '');
  return username === '' ? null : username;
}

export type IdentifiedProfile =
  { ok: true; username: string | null } | { ok: false; field: 'url' | 'username'; message: string };

/**
 * Checks that the address is on the chosen platform and reads its username. A username she typed wins
 * over the one read from the address; website and other platforms are named by their address.
 */
export function identifyProfile(
  catalog: SiteCatalog,
  platform: ResolvedPlatform,
  url: URL,
  typedUsername: string | undefined,
): IdentifiedProfile {
  const typed = typedUsername?.trim().replace(/^@+/, '') || undefined;
  if (platform.site) {
    const on = findSiteByUrl(catalog, url);
    if (on?.id !== platform.site.id) {
      return {
        ok: false,
        field: 'url',
        message: `This address is not on ${platform.name}. Choose the platform the profile is on.`,
      };
    }
    return { ok: true, username: typed ?? usernameFromTemplate(platform.site, url) };
  }
  const account = platform.account!;
  if (isHandlePlatform(account)) {
    const identity = identifyAccount(account, url.href);
    if (!identity.ok) {
      // The address is not a profile link the Accounts rules can read; a typed username still names it.
      if (typed) return { ok: true, username: typed };
      return { ok: false, field: 'url', message: identity.message };
    }
    return { ok: true, username: typed ?? identity.identity.username };
  }
  const identity = identifyAccount(account, url.href);
  return {
    ok: true,
    username: typed ?? (identity.ok ? identity.identity.username : `${url.host}${url.pathname}`),
  };
}
