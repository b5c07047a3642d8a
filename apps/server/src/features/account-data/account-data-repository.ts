// Reads every row that belongs to one creator, page by page (never all at once), for her export; and the
// rows her deletion needs: her password hash, her files, and the user row whose removal cascades.
import { and, asc, eq, gt, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { AccountExportSection } from '@shark/contracts/account-data.ts';
import type { Database } from '@shark/db/client.ts';
import * as t from '@shark/db/schema.ts';
import { SOURCES, withoutSecrets, type ExportRow } from './account-export-sources-repository.ts';

export type { ExportRow };

/** Rows per query: a page is written out before the next is read. */
const PAGE = 500;

export function createAccountDataRepository(db: Database) {
  /** One page of a section after `after` (a key of the previous page). */
  async function page(
    section: AccountExportSection,
    userId: string,
    after: ExportRow | null,
  ): Promise<ExportRow[]> {
    const source = SOURCES[section];
    let next: SQL | undefined;
    if (after !== null) {
      const first = after[source.keyName];
      next =
        source.key2 && source.key2Name
          ? or(
              gt(source.key, first),
              and(eq(source.key, first), gt(source.key2, after[source.key2Name])),
            )
          : gt(source.key, first);
    }
    const where = and(eq(source.owner, userId), next);
    if (section === 'contentItemFiles') {
      // Keyed by the file, which is hers; the work it shows in is hers too (both belong to one user).
      const rows = await db
        .select({ itemId: t.contentItemFile.itemId, fileId: t.contentItemFile.fileId })
        .from(t.contentItemFile)
        .innerJoin(t.referenceFile, eq(t.referenceFile.id, t.contentItemFile.fileId))
        .where(where)
        .orderBy(asc(t.contentItemFile.fileId), asc(t.contentItemFile.itemId))
        .limit(PAGE);
      return rows;
    }
    if (section === 'supportMessages') {
      // Owned through the request; who on the team wrote an answer is the team's, not her data.
      return db
        .select({
          id: t.supportMessage.id,
          requestId: t.supportMessage.requestId,
          fromStaff: t.supportMessage.fromStaff,
          body: t.supportMessage.body,
          createdAt: t.supportMessage.createdAt,
        })
        .from(t.supportMessage)
        .innerJoin(t.supportRequest, eq(t.supportRequest.id, t.supportMessage.requestId))
        .where(where)
        .orderBy(asc(t.supportMessage.id))
        .limit(PAGE);
    }
    if (section === 'offerClaims') {
      // The claim with the offer's terms (the offer itself is the operator's, shared by its claimants).
      return db
        .select({
          offerId: t.customOfferClaim.offerId,
          claimedAt: t.customOfferClaim.claimedAt,
          plan: t.customOffer.plan,
          interval: t.customOffer.interval,
          currency: t.customOffer.currency,
          price: t.customOffer.price,
          features: t.customOffer.features,
          headline: t.customOffer.headline,
        })
        .from(t.customOfferClaim)
        .innerJoin(t.customOffer, eq(t.customOffer.id, t.customOfferClaim.offerId))
        .where(where)
        .orderBy(asc(t.customOfferClaim.offerId))
        .limit(PAGE);
    }
    const rows = (await db
      .select()
      .from(source.table)
      .where(where)
      .orderBy(asc(source.key), ...(source.key2 ? [asc(source.key2)] : []))
      .limit(PAGE)) as ExportRow[];
    return rows.map((row) => withoutSecrets(section, row));
  }

  return {
    async profile(userId: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(t.user).where(eq(t.user.id, userId)).limit(1);
      return row;
    },

    /** A section's rows in pages, in key order. */
    async *rows(section: AccountExportSection, userId: string): AsyncGenerator<ExportRow[]> {
      let after: ExportRow | null = null;
      for (;;) {
        const rows = await page(section, userId, after);
        if (rows.length > 0) yield rows;
        if (rows.length < PAGE) return;
        after = rows.at(-1)!;
      }
    },

    /** Her password's hash, or null when she signs in with Google only. */
    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: t.account.password })
        .from(t.account)
        .where(
          and(
            eq(t.account.userId, userId),
            eq(t.account.providerId, 'credential'),
            isNotNull(t.account.password),
          ),
        )
        .limit(1);
      return row?.password ?? null;
    },

    /**
     * The stored files that are hers, for the archive: her uploaded reference files (complete ones) and
     * the PDFs of the notices sent for her, a page at a time in id order.
     */
    async filesForExport(
      kind: 'content' | 'notices',
      userId: string,
      after: string | null,
    ): Promise<{ id: string; name: string; key: string; at: Date }[]> {
      if (kind === 'content') {
        const f = t.referenceFile;
        return db
          .select({ id: f.id, name: f.originalName, key: f.storageKey, at: f.createdAt })
          .from(f)
          .where(
            and(
              eq(f.userId, userId),
              ne(f.status, 'uploading'),
              after === null ? undefined : gt(f.id, after),
            ),
          )
          .orderBy(asc(f.id))
          .limit(PAGE);
      }
      const n = t.notice;
      const rows = await db
        .select({ id: n.id, key: n.pdfKey, at: n.createdAt })
        .from(n)
        .where(
          and(
            eq(n.userId, userId),
            isNotNull(n.pdfKey),
            after === null ? undefined : gt(n.id, after),
          ),
        )
        .orderBy(asc(n.id))
        .limit(PAGE);
      return rows.map((r) => ({ id: r.id, name: 'notice.pdf', key: r.key ?? '', at: r.at }));
    },

    /** Ids of her reference files, a page at a time. */
    async referenceFileIds(userId: string, after: string | null): Promise<string[]> {
      const rows = await db
        .select({ id: t.referenceFile.id })
        .from(t.referenceFile)
        .where(
          and(
            eq(t.referenceFile.userId, userId),
            after === null ? undefined : gt(t.referenceFile.id, after),
          ),
        )
        .orderBy(asc(t.referenceFile.id))
        .limit(PAGE);
      return rows.map((r) => r.id);
    },

    /** Storage keys of her findings' thumbnails, notices' PDFs and enrolled faces' crops, a page at a time. */
    async storedKeys(
      kind: 'findings' | 'notices' | 'faces',
      userId: string,
      after: string | null,
    ): Promise<{ last: string | null; keys: string[] }> {
      const table =
        kind === 'findings'
          ? { id: t.finding.id, key: t.finding.thumbnailKey, owner: t.finding.userId }
          : kind === 'notices'
            ? { id: t.notice.id, key: t.notice.pdfKey, owner: t.notice.userId }
            : { id: t.enrolledFace.id, key: t.enrolledFace.cropKey, owner: t.enrolledFace.userId };
      const from = { findings: t.finding, notices: t.notice, faces: t.enrolledFace }[kind];
      const rows = await db
        .select({ id: table.id, key: table.key })
        .from(from)
        .where(and(eq(table.owner, userId), after === null ? undefined : gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(PAGE);
      return { last: rows.at(-1)?.id ?? null, keys: rows.flatMap((r) => (r.key ? [r.key] : [])) };
    },

    /** Removes the user; every row of hers goes with it (each table's user_id cascades). */
    async deleteUser(userId: string): Promise<boolean> {
      const rows = await db
        .delete(t.user)
        .where(eq(t.user.id, userId))
        .returning({ id: t.user.id });
      return rows.length > 0;
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
