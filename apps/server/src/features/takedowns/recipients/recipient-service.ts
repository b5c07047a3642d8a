// The `takedown.resolve` job: who can remove a takedown's URL, in escalation order, written once as
// takedown_recipient rows (level 0, 1, 2…); then the notice to the first one is asked for.
import {
  findSite,
  findSiteByUrl,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';
import {
  RecipientUrlError,
  type Recipient,
  type RecipientResolver,
} from '@shark/engine/recipients/recipient-resolver.ts';
import { isOnionUrl } from '@shark/engine/fetch/onion.ts';
import { isDarkWebAllowed } from '#server/features/dark-web/dark-web-scope.ts';
import type { JobContext } from '#server/jobs/define-job.ts';
import type { Logger } from '#server/http/logger.ts';
import type {
  TakedownRow,
  TakedownTransitions,
} from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import { basisForHost } from '#server/features/takedowns/opening/legal-basis.ts';
import type { SiteContactService } from './site-contact-service.ts';
import type { TakedownRepository } from '#server/features/takedowns/opening/takedown-repository.ts';

export interface RecipientServiceDeps {
  takedowns: TakedownRepository;
  transitions: TakedownTransitions;
  resolver: RecipientResolver;
  catalog: SiteCatalog;
  /** The own channel of a site the catalog does not know (read from its pages); none: the resolver's alone. */
  siteContacts?: Pick<SiteContactService, 'recipientFor'>;
  /** Sends the notice job for this creator and recipient address. */
  requestNotice: (userId: string, address: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}

/** What closes a takedown nobody can be asked about, for the creator. */
const NO_RECIPIENT = 'No one to send a notice to was found';

/**
 * An impersonating profile is reported to the platform under its impersonation policy: the catalog's
 * impersonation channel, else its copyright channel. E-mail is preferred (the report goes with its
 * PDF); a form otherwise.
 */
export function impersonationRecipient(site: CatalogSite | undefined): Recipient | null {
  if (!site) return null;
  const contact = site.impersonation ?? site.dmca;
  if (!contact) return null;
  const which = site.impersonation ? 'impersonation' : 'dmca';
  return {
    role: 'site',
    name: site.name,
    channel: contact.email
      ? { kind: 'email', address: contact.email }
      : { kind: 'form', url: contact.url! },
    source: `catalog:${site.id}:${which}`,
    subject: site.id,
  };
}

/**
 * Where the page is hosted, as far as the registries say: the hosting network's country (RDAP), else
 * any recipient's. Null when none says (a CDN in front hides the host, say).
 */
export function hostCountryOf(recipients: readonly Recipient[]): string | null {
  const host = recipients.find((recipient) => recipient.role === 'host' && recipient.country);
  return host?.country ?? recipients.find((recipient) => recipient.country)?.country ?? null;
}

/** How an address is kept and compared: e-mail in lower case, a form URL as given. */
export function addressOf(recipient: Pick<Recipient, 'channel'>): string {
  return recipient.channel.kind === 'email'
    ? recipient.channel.address.trim().toLowerCase()
    : recipient.channel.url;
}

export function createRecipientService(deps: RecipientServiceDeps) {
  const { takedowns, resolver, catalog, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function lookUp(
    row: TakedownRow,
  ): Promise<{ recipients: Recipient[]; problems: string[] }> {
    if (row.kind === 'impersonation') {
      const site =
        (row.siteId ? findSite(catalog, row.siteId) : undefined) ??
        findSiteByUrl(catalog, row.pageUrl);
      const platform = impersonationRecipient(site);
      // A platform the catalog does not know (a fake website, say) is treated like any other page.
      if (platform) return { recipients: [platform], problems: [] };
    }
    const found = await resolver.lookup(row.pageUrl);
    if (found.siteId !== null || !deps.siteContacts)
      return { recipients: found.recipients, problems: found.problems };
    // An onion site's own pages can be read only through Tor, which is open only to the work of a
    // creator with dark web scanning (dark-web-jobs.ts): without it nothing is read, nor remembered
    // as the site having no contact.
    if (isOnionUrl(row.pageUrl) && !isDarkWebAllowed())
      return { recipients: found.recipients, problems: found.problems };
    const own = await deps.siteContacts.recipientFor(row.pageUrl);
    if (!own) return { recipients: found.recipients, problems: found.problems };
    // The site's own channel comes first; a registrant the resolver put at the site level gives way.
    const ownAddress = addressOf(own);
    const rest = found.recipients.filter(
      (recipient) => recipient.role !== 'site' && addressOf(recipient) !== ownAddress,
    );
    return { recipients: [own, ...rest], problems: found.problems };
  }

  async function close(row: TakedownRow, reason: string): Promise<void> {
    await deps.transitions.move(row.id, 'closed', {
      from: ['confirmed'],
      patch: { closedReason: reason, recipientsResolvedAt: now() },
      detail: reason,
    });
  }

  return {
    /** The job: idempotent (recipients are written once; a second run only asks for the notice again). */
    async resolve(
      takedownId: string,
      context: Pick<JobContext, 'isLastAttempt'>,
    ): Promise<Record<string, unknown>> {
      const row = await takedowns.find(takedownId);
      if (!row) return { skipped: 'no such takedown' };
      let recipients = await takedowns.recipients(row.id);
      if (recipients.length === 0) {
        if (row.status !== 'confirmed') return { skipped: `takedown is ${row.status}` };
        let found: { recipients: Recipient[]; problems: string[] };
        try {
          found = await lookUp(row);
        } catch (error) {
          if (!(error instanceof RecipientUrlError)) throw error;
          await close(row, `${NO_RECIPIENT}: ${error.message}`);
          return { closed: error.message };
        }
        if (found.recipients.length === 0) {
          const why =
            found.problems.join(' ') || 'the site, its host and its registrar gave no contact.';
          // RDAP or DNS may be down for a while: the job's retries (with backoff) try again first.
          if (!context.isLastAttempt)
            throw new Error(`${NO_RECIPIENT} for ${row.pageUrl} yet: ${why}`);
          await close(row, `${NO_RECIPIENT}: ${why}`);
          logger.warn('takedown closed without recipients', {
            takedownId: row.id,
            problems: found.problems,
          });
          return { closed: why };
        }
        if (found.problems.length > 0)
          logger.info('recipients found with problems', {
            takedownId: row.id,
            problems: found.problems,
          });
        // A depiction's notices invoke the law where it is hosted (decided before any notice is asked for).
        const basis = basisForHost(row.legalBasis, hostCountryOf(found.recipients));
        if (basis !== row.legalBasis) await takedowns.setLegalBasis(row.id, basis);
        await takedowns.saveRecipients(
          row.id,
          found.recipients.map((recipient, level) => ({
            id: `${row.id}:${level}`,
            takedownId: row.id,
            userId: row.userId,
            level,
            role: recipient.role,
            name: recipient.name,
            channelKind: recipient.channel.kind,
            address: addressOf(recipient),
            source: recipient.source,
          })),
          now(),
        );
        recipients = await takedowns.recipients(row.id);
      }
      const waiting = await takedowns.waitingAddressOf(row.id);
      if (waiting) await deps.requestNotice(waiting.userId, waiting.address);
      return { recipients: recipients.length };
    },
  };
}

export type RecipientService = ReturnType<typeof createRecipientService>;
