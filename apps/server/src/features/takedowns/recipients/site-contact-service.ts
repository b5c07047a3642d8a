// A site's own copyright channel for sites the catalog does not know: read from its pages through the
// crawler (robots.txt, per-host limits) and kept in site_contact, looked up again once old; a staff
// correction always wins and never ages. Also the staff's review of discovered sites (`shark sites`).
import { originOf, siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import type { Crawler } from '@shark/engine/fetch/crawler.ts';
import type { Recipient } from '@shark/engine/recipients/recipient-resolver.ts';
import { findSiteContact, type SiteFormField } from '@shark/engine/recipients/site-contact.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import {
  storedFormFields,
  type DiscoveredSiteRow,
  type DiscoveredSiteStatus,
  type SiteContactRepository,
  type SiteContactRow,
} from './site-contact-repository.ts';

const DAY_MS = 24 * 3600_000;

export interface SiteContactServiceDeps {
  repo: SiteContactRepository;
  /** The scans' crawler; without it (the CLI) contacts are only read and corrected, never looked up. */
  crawler?: Pick<Crawler, 'fetchPage'>;
  maxAgeDays: number;
  /** Pages read on one site at most. */
  maxPages?: number;
  logger: Logger;
  now?: () => Date;
}

export interface SiteContactView {
  site: string;
  status: SiteContactRow['status'];
  name: string | null;
  channelKind: 'email' | 'form' | null;
  address: string | null;
  formFields: SiteFormField[];
  foundOn: string | null;
  foundVia: string | null;
  checkedAt: string;
  correctedBy: string | null;
}

export interface DiscoveredSiteView {
  site: string;
  origin: string;
  name: string | null;
  kind: string | null;
  copies: number;
  status: DiscoveredSiteStatus;
  reviewedBy: string | null;
  reviewedAt: string | null;
  lastFoundAt: string;
}

export const viewOfContact = (row: SiteContactRow): SiteContactView => ({
  site: row.site,
  status: row.status,
  name: row.name,
  channelKind: row.channelKind,
  address: row.address,
  formFields: storedFormFields(row.formFields),
  foundOn: row.foundOn,
  foundVia: row.foundVia,
  checkedAt: row.checkedAt.toISOString(),
  correctedBy: row.correctedBy,
});

const viewOfSite = (row: DiscoveredSiteRow): DiscoveredSiteView => ({
  site: row.site,
  origin: row.origin,
  name: row.name,
  kind: row.kind,
  copies: row.copies,
  status: row.status,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  lastFoundAt: row.lastFoundAt.toISOString(),
});

/** A stored contact as the first recipient of a takedown, or null when it holds no channel. */
export function recipientOfContact(row: SiteContactRow): Recipient | null {
  if (row.status === 'none' || !row.address || !row.channelKind) return null;
  return {
    role: 'site',
    name: row.name ?? row.site,
    channel:
      row.channelKind === 'email'
        ? { kind: 'email', address: row.address }
        : { kind: 'form', url: row.address },
    source: `site-contact:${row.foundVia ?? row.status}:${row.foundOn ?? row.correctedBy ?? ''}`,
    subject: row.site,
  };
}

/** "leaks.example", "https://www.leaks.example/page" → its site key and origin; AppError when neither. */
export function siteOfInput(input: string): { site: string; origin: string } {
  const text = input.trim();
  const url = /^https?:\/\//i.test(text) ? text : `https://${text}/`;
  const site = text === '' || /\s/.test(text) ? null : siteKeyOf(url);
  const origin = site ? originOf(url) : null;
  if (!site || !origin)
    throw new AppError(
      'VALIDATION_FAILED',
      `"${text.slice(0, 100)}" is not a site: give a host name (leaks.example) or a page URL.`,
    );
  return { site, origin };
}

export function createSiteContactService(deps: SiteContactServiceDeps) {
  const { repo, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.maxAgeDays * DAY_MS;

  async function lookUp(site: string, origin: string, pageUrl: string): Promise<SiteContactRow> {
    const crawler = deps.crawler;
    if (!crawler) throw new Error('Site contacts are looked up only where a crawler is given.');
    const found = await findSiteContact({
      origin,
      pageUrl,
      ...(deps.maxPages ? { maxPages: deps.maxPages } : {}),
      fetchPage: async (url) => {
        const page = await crawler.fetchPage(url);
        return page.ok
          ? {
              ok: true,
              finalUrl: page.finalUrl,
              status: page.status,
              html: page.html,
              text: page.text,
            }
          : { ok: false };
      },
    });
    return repo.save({
      site,
      status: found ? 'found' : 'none',
      name: found?.name ?? null,
      channelKind: found?.channel.kind ?? null,
      address:
        found?.channel.kind === 'email'
          ? found.channel.address
          : found?.channel.kind === 'form'
            ? found.channel.url
            : null,
      formFields: found?.channel.kind === 'form' ? found.channel.fields : null,
      foundOn: found?.foundOn ?? null,
      foundVia: found?.foundVia ?? null,
      checkedAt: now(),
      correctedBy: null,
    });
  }

  return {
    /**
     * The site's own channel for a page on it: the stored one while it is fresh (or corrected), else
     * read from the site's pages now. Null when the site has none; a failed look-up is logged, not thrown.
     */
    async recipientFor(pageUrl: string): Promise<Recipient | null> {
      const site = siteKeyOf(pageUrl);
      const origin = originOf(pageUrl);
      if (!site || !origin) return null;
      let row = await repo.find(site);
      const isFresh =
        row !== undefined &&
        (row.status === 'corrected' || now().getTime() - row.checkedAt.getTime() < maxAgeMs);
      if (!isFresh && deps.crawler) {
        try {
          row = await lookUp(site, origin, pageUrl);
        } catch (error) {
          logger.warn("the site's own contact could not be looked up", {
            site,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return row ? recipientOfContact(row) : null;
    },

    /** A form's fields as the site's page gave them, for the form task of a notice sent to `formUrl`. */
    async formFieldsOf(formUrl: string): Promise<SiteFormField[] | null> {
      const site = siteKeyOf(formUrl);
      const row = site ? await repo.find(site) : undefined;
      if (!row || row.channelKind !== 'form' || row.address !== formUrl) return null;
      const fields = storedFormFields(row.formFields);
      return fields.length > 0 ? fields : null;
    },

    async show(input: string): Promise<SiteContactView | null> {
      const row = await repo.find(siteOfInput(input).site);
      return row ? viewOfContact(row) : null;
    },

    /** Staff's own channel for the site: it wins from now on, and the site counts as accepted. */
    async correct(
      input: string,
      channel: { kind: 'email'; address: string } | { kind: 'form'; url: string },
      by: string | null,
    ): Promise<SiteContactView> {
      const { site, origin } = siteOfInput(input);
      const at = now();
      const previous = await repo.find(site);
      const saved = await repo.save({
        site,
        status: 'corrected',
        name: previous?.name ?? null,
        channelKind: channel.kind,
        address: channel.kind === 'email' ? channel.address.trim().toLowerCase() : channel.url,
        formFields: null,
        foundOn: null,
        foundVia: 'staff',
        checkedAt: at,
        correctedBy: by,
      });
      await repo.reviewSite({ site, origin, status: 'accepted', by, at });
      return viewOfContact(saved);
    },

    async listSites(status: DiscoveredSiteStatus | null): Promise<DiscoveredSiteView[]> {
      return (await repo.listSites(status)).map(viewOfSite);
    },

    async review(
      input: string,
      status: 'accepted' | 'dismissed',
      extra: { by?: string | null; name?: string | null; kind?: string | null } = {},
    ): Promise<DiscoveredSiteView> {
      const { site, origin } = siteOfInput(input);
      const row = await repo.reviewSite({
        site,
        origin,
        status,
        by: extra.by ?? null,
        at: now(),
        name: extra.name ?? null,
        kind: extra.kind ?? null,
      });
      return viewOfSite(row);
    },
  };
}

export type SiteContactService = ReturnType<typeof createSiteContactService>;
