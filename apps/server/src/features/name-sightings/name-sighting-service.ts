// The rules of name sightings: a page naming the creator with no sign of a leak is kept once per page,
// never beside a leak finding of the same page nor on a whitelisted site; the creator sees them grouped
// by site and whitelists a site (a domain entry, or a pattern for a host:port) or dismisses it.
import { randomUUID } from 'node:crypto';
import {
  NAME_SIGHTING_PAGES_SHOWN,
  type DismissSightedSiteResult,
  type NameSightingGroup,
  type NameSightingList,
  type WhitelistSightedSiteResult,
} from '@shark/contracts/name-sightings.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import { hostForDisplay, parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import {
  displayWhitelistValue,
  parseWhitelistEntry,
  splitPort,
} from '@shark/engine/whitelist/whitelist-entry.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import type { NameSightingRepository, NameSightingRow } from './name-sighting-repository.ts';

const NOT_FOUND = 'Your name was not seen on this site.';

export interface RecordSightingInput {
  userId: string;
  scanId: string | null;
  pageUrl: string;
  pageTitle: string | null;
}

/** The site for people: its host in Unicode, with the port when the key has one. */
export function siteNameOf(site: string): string {
  const { host, port } = splitPort(site);
  return `${hostForDisplay(host)}${port === '' ? '' : `:${port}`}`;
}

/** The whitelist entry covering a whole site: a domain, or a pattern for an address on one port. */
export function whitelistEntryOfSite(site: string): { value: string; kind: 'domain' | 'pattern' } {
  return splitPort(site).port === ''
    ? { value: site, kind: 'domain' }
    : { value: site, kind: 'pattern' };
}

/** Rows (newest first) as groups per site, the site seen most recently first. */
export function groupBySite(rows: readonly NameSightingRow[]): NameSightingGroup[] {
  const groups = new Map<string, NameSightingGroup>();
  for (const row of rows) {
    let group = groups.get(row.site);
    if (!group) {
      group = {
        site: row.site,
        siteName: siteNameOf(row.site),
        count: 0,
        lastSeenAt: row.lastSeenAt.toISOString(),
        pages: [],
      };
      groups.set(row.site, group);
    }
    group.count += 1;
    if (group.pages.length < NAME_SIGHTING_PAGES_SHOWN)
      group.pages.push({
        url: row.pageUrl,
        title: row.pageTitle,
        lastSeenAt: row.lastSeenAt.toISOString(),
      });
  }
  return [...groups.values()];
}

export function createNameSightingService(deps: {
  repo: NameSightingRepository;
  whitelist: Pick<WhitelistService, 'add' | 'check'>;
}) {
  const { repo, whitelist } = deps;

  async function requireSite(userId: string, site: string): Promise<void> {
    if ((await repo.countSite(userId, site)) === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  }

  return {
    /** Keeps a page that shares her name; whether it was kept (not on her whitelist, no leak there). */
    async record(input: RecordSightingInput): Promise<boolean> {
      const address = parseWebAddress(input.pageUrl);
      const site = siteKeyOf(input.pageUrl);
      if (!address.ok || site === null) return false;
      const normalizedUrl = urlKey(address.value);
      if (await repo.hasLeakOnPage(input.userId, normalizedUrl)) return false;
      if ((await whitelist.check(input.userId, input.pageUrl)).isWhitelisted) return false;
      await repo.upsert({
        id: randomUUID(),
        userId: input.userId,
        site,
        pageUrl: input.pageUrl,
        normalizedUrl,
        pageTitle: input.pageTitle,
        scanId: input.scanId,
        seenAt: new Date(),
      });
      return true;
    },

    async list(userId: string): Promise<NameSightingList> {
      return { sites: groupBySite(await repo.list(userId)) };
    },

    /** Whitelists the whole site (an entry already there is fine) and forgets its sightings. */
    async whitelistSite(entitled: Entitled, site: string): Promise<WhitelistSightedSiteResult> {
      const { userId } = entitled;
      await requireSite(userId, site);
      const wanted = whitelistEntryOfSite(site);
      const parsed = parseWhitelistEntry(wanted.value, wanted.kind);
      if (!parsed.ok)
        throw new AppError(
          'VALIDATION_FAILED',
          `This site cannot be whitelisted: ${parsed.message}`,
          {
            fields: { site: parsed.message },
          },
        );
      let wasWhitelisted = false;
      try {
        await whitelist.add(entitled, { ...wanted, note: 'Your name was seen on this site' });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
        wasWhitelisted = true;
      }
      const removed = await repo.deleteSite(userId, site);
      return {
        site,
        whitelistedAs: displayWhitelistValue(parsed.entry.kind, parsed.entry.value),
        wasWhitelisted,
        removed,
      };
    },

    /** Forgets a site's sightings (a scan that sees the site's pages again shows them again). */
    async dismissSite(userId: string, site: string): Promise<DismissSightedSiteResult> {
      const removed = await repo.deleteSite(userId, site);
      if (removed === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { site, removed };
    },
  };
}

export type NameSightingService = ReturnType<typeof createNameSightingService>;
