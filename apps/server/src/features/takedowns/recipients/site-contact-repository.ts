// Sites' own contacts (site_contact) and the sites not in the catalog that yielded copies
// (discovered_site), as the recipient look-up and the staff's `shark sites` commands read and set them.
import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { DISCOVERED_SITE_STATUSES, discoveredSite, siteContact } from '@shark/db/schema.ts';
import type { SiteFormField } from '@shark/engine/recipients/site-contact.ts';

export type SiteContactRow = typeof siteContact.$inferSelect;
export type DiscoveredSiteRow = typeof discoveredSite.$inferSelect;
export { DISCOVERED_SITE_STATUSES };
export type DiscoveredSiteStatus = (typeof DISCOVERED_SITE_STATUSES)[number];

export interface SiteContactWrite {
  site: string;
  status: SiteContactRow['status'];
  name: string | null;
  channelKind: 'email' | 'form' | null;
  address: string | null;
  formFields: SiteFormField[] | null;
  foundOn: string | null;
  foundVia: string | null;
  checkedAt: Date;
  correctedBy: string | null;
}

/** A form's stored fields, as far as they have the shape the engine gives. */
export function storedFormFields(value: unknown): SiteFormField[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (field): field is SiteFormField =>
      typeof field === 'object' &&
      field !== null &&
      typeof (field as SiteFormField).name === 'string' &&
      typeof (field as SiteFormField).role === 'string',
  );
}

export function createSiteContactRepository(db: Database) {
  return {
    async find(site: string): Promise<SiteContactRow | undefined> {
      const [row] = await db.select().from(siteContact).where(eq(siteContact.site, site));
      return row;
    },

    /** Writes the contact; a found one never replaces a staff correction made meanwhile. */
    async save(write: SiteContactWrite): Promise<SiteContactRow> {
      const [row] = await db
        .insert(siteContact)
        .values(write)
        .onConflictDoUpdate({
          target: siteContact.site,
          set: write,
          ...(write.status === 'corrected'
            ? {}
            : { setWhere: ne(siteContact.status, 'corrected') }),
        })
        .returning();
      return row ?? (await this.find(write.site))!;
    },

    async listSites(status: DiscoveredSiteStatus | null): Promise<DiscoveredSiteRow[]> {
      const query = db.select().from(discoveredSite);
      return (status ? query.where(eq(discoveredSite.status, status)) : query).orderBy(
        desc(discoveredSite.copies),
        asc(discoveredSite.site),
      );
    },

    async findSite(site: string): Promise<DiscoveredSiteRow | undefined> {
      const [row] = await db.select().from(discoveredSite).where(eq(discoveredSite.site, site));
      return row;
    },

    /** Sets a site's review status, adding the site when no scan has recorded it yet. */
    async reviewSite(input: {
      site: string;
      origin: string;
      status: DiscoveredSiteStatus;
      by: string | null;
      at: Date;
      name?: string | null;
      kind?: string | null;
    }): Promise<DiscoveredSiteRow> {
      const set = {
        status: input.status,
        reviewedBy: input.by,
        reviewedAt: input.at,
        ...(input.name ? { name: input.name } : {}),
        ...(input.kind ? { kind: input.kind } : {}),
      };
      const [row] = await db
        .insert(discoveredSite)
        .values({
          site: input.site,
          origin: input.origin,
          ...set,
          firstFoundAt: input.at,
          lastFoundAt: input.at,
        })
        .onConflictDoUpdate({ target: discoveredSite.site, set })
        .returning();
      return row!;
    },
  };
}

export type SiteContactRepository = ReturnType<typeof createSiteContactRepository>;
