// Sites outside the catalog from the staff console: the review and the correction of a site's own
// channel, through the same site-contact service as `shark sites`, each change in the audit log.
import type {
  CorrectSiteContact,
  DiscoveredSite,
  ReviewSite,
  SiteContact,
} from '@shark/contracts/staff-sites.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import type { SiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';

export interface StaffSitesDeps {
  audit: StaffAudit;
  sites: Pick<SiteContactService, 'listSites' | 'show' | 'correct' | 'review'>;
}

export function createStaffSitesService(deps: StaffSitesDeps) {
  const { audit, sites } = deps;
  return {
    list: (status: DiscoveredSite['status'] | null): Promise<DiscoveredSite[]> =>
      sites.listSites(status),

    contact: (site: string): Promise<SiteContact | null> => sites.show(site),

    async correct(actor: StaffActor, input: CorrectSiteContact): Promise<SiteContact> {
      const before = await sites.show(input.site);
      const after = await sites.correct(
        input.site,
        input.email ? { kind: 'email', address: input.email } : { kind: 'form', url: input.form! },
        actor.email,
      );
      await audit.record(actor, {
        action: 'site.contact',
        targetType: 'site_contact',
        targetId: after.site,
        before,
        after,
      });
      return after;
    },

    async review(
      actor: StaffActor,
      status: 'accepted' | 'dismissed',
      input: ReviewSite,
    ): Promise<DiscoveredSite> {
      const known = await sites.listSites(null);
      const after = await sites.review(input.site, status, {
        by: actor.email,
        name: input.name ?? null,
        kind: input.kind ?? null,
      });
      await audit.record(actor, {
        action: status === 'accepted' ? 'site.accept' : 'site.dismiss',
        targetType: 'discovered_site',
        targetId: after.site,
        before: known.find((site) => site.site === after.site) ?? null,
        after,
      });
      return after;
    },
  };
}

export type StaffSitesService = ReturnType<typeof createStaffSitesService>;
