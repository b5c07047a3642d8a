// Rows of Your Content: collections, items, and the links from items to the creator's reference files.
// Every query is scoped by user id, so one creator's ids never reach another's rows.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@shark/db/client.ts';
import {
  contentCollection,
  contentItem,
  contentItemFile,
  referenceFile,
} from '@shark/db/schema.ts';
import type { ContentType } from '@shark/contracts/content.ts';
import type { Cursor } from './content-cursor.ts';

export type CollectionRow = typeof contentCollection.$inferSelect & { itemCount: number };
export type ItemRow = typeof contentItem.$inferSelect & { fileCount: number; cursorTime: string };
export type FileRow = Pick<
  typeof referenceFile.$inferSelect,
  'id' | 'originalName' | 'mediaType' | 'status'
> & { cursorTime: string };

export interface ItemFilters {
  /** A collection id, or null for items in no collection; undefined for all. */
  collectionId?: string | null;
  type?: ContentType;
  text?: string;
}

export interface ItemValues {
  collectionId: string | null;
  title: string;
  type: ContentType;
  publishedOn: string | null;
  saleUrls: string[];
  description: string | null;
}

/** Creation time to the millisecond, the precision a cursor carries. */
const createdMs = (column: AnyPgColumn) => sql<Date>`date_trunc('milliseconds', ${column})`;

/** The same time as the cursor's ISO text, computed by the database so no driver rounds it. */
const cursorTime = (column: AnyPgColumn) =>
  sql<string>`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function after(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: Cursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdMs(createdAt)}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

/** `text` as a literal ILIKE pattern (its own % and _ match themselves). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const fileColumns = {
  id: referenceFile.id,
  originalName: referenceFile.originalName,
  mediaType: referenceFile.mediaType,
  status: referenceFile.status,
  cursorTime: cursorTime(referenceFile.createdAt),
};

const itemFileCount =
  sql<number>`(select count(*) from ${contentItemFile} where ${contentItemFile.itemId} = ${contentItem.id})`.mapWith(
    Number,
  );

export function createContentRepository(db: Database) {
  return {
    // --- Collections ---

    async listCollections(userId: string): Promise<CollectionRow[]> {
      return db
        .select({
          id: contentCollection.id,
          userId: contentCollection.userId,
          title: contentCollection.title,
          description: contentCollection.description,
          createdAt: contentCollection.createdAt,
          updatedAt: contentCollection.updatedAt,
          itemCount: count(contentItem.id),
        })
        .from(contentCollection)
        .leftJoin(contentItem, eq(contentItem.collectionId, contentCollection.id))
        .where(eq(contentCollection.userId, userId))
        .groupBy(contentCollection.id)
        .orderBy(sql`lower(${contentCollection.title})`, asc(contentCollection.id));
    },

    async countItems(userId: string): Promise<{ total: number; uncollected: number }> {
      const [row] = await db
        .select({
          total: count(),
          uncollected: count(sql`case when ${contentItem.collectionId} is null then 1 end`),
        })
        .from(contentItem)
        .where(eq(contentItem.userId, userId));
      return { total: row?.total ?? 0, uncollected: row?.uncollected ?? 0 };
    },

    async findCollection(userId: string, id: string): Promise<CollectionRow | undefined> {
      const [row] = await db
        .select({
          id: contentCollection.id,
          userId: contentCollection.userId,
          title: contentCollection.title,
          description: contentCollection.description,
          createdAt: contentCollection.createdAt,
          updatedAt: contentCollection.updatedAt,
          itemCount: count(contentItem.id),
        })
        .from(contentCollection)
        .leftJoin(contentItem, eq(contentItem.collectionId, contentCollection.id))
        .where(and(eq(contentCollection.userId, userId), eq(contentCollection.id, id)))
        .groupBy(contentCollection.id);
      return row;
    },

    /** Another collection of the user with this title, compared without case. */
    async findCollectionIdByTitle(
      userId: string,
      title: string,
      exceptId?: string,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ id: contentCollection.id })
        .from(contentCollection)
        .where(
          and(
            eq(contentCollection.userId, userId),
            sql`lower(${contentCollection.title}) = lower(${title})`,
            exceptId ? sql`${contentCollection.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row?.id;
    },

    async insertCollection(values: {
      id: string;
      userId: string;
      title: string;
      description: string | null;
    }): Promise<void> {
      await db.insert(contentCollection).values(values);
    },

    async updateCollection(
      userId: string,
      id: string,
      changes: { title?: string; description?: string | null },
    ): Promise<boolean> {
      const updated = await db
        .update(contentCollection)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(contentCollection.userId, userId), eq(contentCollection.id, id)))
        .returning({ id: contentCollection.id });
      return updated.length > 0;
    },

    /**
     * Deletes the collection; its items are deleted with it (withItems) or left in no collection.
     * Undefined when the user has no such collection.
     */
    async deleteCollection(
      userId: string,
      id: string,
      withItems: boolean,
    ): Promise<{ deleted: number; uncollected: number } | undefined> {
      return db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ id: contentCollection.id })
          .from(contentCollection)
          .where(and(eq(contentCollection.userId, userId), eq(contentCollection.id, id)))
          .for('update');
        if (!owned) return undefined;
        const inCollection = and(eq(contentItem.userId, userId), eq(contentItem.collectionId, id));
        let deleted = 0;
        let uncollected = 0;
        if (withItems) {
          deleted = (
            await tx.delete(contentItem).where(inCollection).returning({ id: contentItem.id })
          ).length;
        } else {
          uncollected = (
            await tx
              .update(contentItem)
              .set({ collectionId: null, updatedAt: new Date() })
              .where(inCollection)
              .returning({ id: contentItem.id })
          ).length;
        }
        await tx
          .delete(contentCollection)
          .where(and(eq(contentCollection.userId, userId), eq(contentCollection.id, id)));
        return { deleted, uncollected };
      });
    },

    // --- Items ---

    async listItems(
      userId: string,
      filters: ItemFilters,
      page: { cursor?: Cursor; limit: number },
    ): Promise<{ rows: ItemRow[]; total: number }> {
      const conditions = [
        eq(contentItem.userId, userId),
        filters.collectionId === null ? isNull(contentItem.collectionId) : undefined,
        filters.collectionId ? eq(contentItem.collectionId, filters.collectionId) : undefined,
        filters.type ? eq(contentItem.type, filters.type) : undefined,
        filters.text
          ? or(
              ilike(contentItem.title, containing(filters.text)),
              ilike(contentItem.description, containing(filters.text)),
            )
          : undefined,
      ];
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            item: contentItem,
            fileCount: itemFileCount,
            cursorTime: cursorTime(contentItem.createdAt),
          })
          .from(contentItem)
          .where(and(...conditions, after(contentItem.createdAt, contentItem.id, page.cursor)))
          .orderBy(desc(createdMs(contentItem.createdAt)), desc(contentItem.id))
          .limit(page.limit),
        db
          .select({ n: count() })
          .from(contentItem)
          .where(and(...conditions)),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row.item,
          fileCount: row.fileCount,
          cursorTime: row.cursorTime,
        })),
        total: counted?.n ?? 0,
      };
    },

    async findItem(userId: string, id: string): Promise<ItemRow | undefined> {
      const [row] = await db
        .select({
          item: contentItem,
          fileCount: itemFileCount,
          cursorTime: cursorTime(contentItem.createdAt),
        })
        .from(contentItem)
        .where(and(eq(contentItem.userId, userId), eq(contentItem.id, id)));
      return row
        ? { ...row.item, fileCount: row.fileCount, cursorTime: row.cursorTime }
        : undefined;
    },

    async insertItem(values: ItemValues & { id: string; userId: string }): Promise<void> {
      // Set here, not by the database, so the stored time has the millisecond precision of cursors.
      const now = new Date();
      await db.insert(contentItem).values({ ...values, createdAt: now, updatedAt: now });
    },

    async updateItem(userId: string, id: string, changes: Partial<ItemValues>): Promise<boolean> {
      const updated = await db
        .update(contentItem)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(contentItem.userId, userId), eq(contentItem.id, id)))
        .returning({ id: contentItem.id });
      return updated.length > 0;
    },

    async deleteItem(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(contentItem)
        .where(and(eq(contentItem.userId, userId), eq(contentItem.id, id)))
        .returning({ id: contentItem.id });
      return deleted.length > 0;
    },

    // --- Linked reference files ---

    async filesOfItem(itemId: string): Promise<FileRow[]> {
      return db
        .select(fileColumns)
        .from(contentItemFile)
        .innerJoin(referenceFile, eq(referenceFile.id, contentItemFile.fileId))
        .where(eq(contentItemFile.itemId, itemId))
        .orderBy(asc(referenceFile.createdAt), asc(referenceFile.id));
    },

    /** The first `perItem` linked files of each item, oldest first. */
    async previewFiles(itemIds: string[], perItem: number): Promise<Map<string, FileRow[]>> {
      const byItem = new Map<string, FileRow[]>();
      if (itemIds.length === 0) return byItem;
      const ranked = db
        .select({
          itemId: contentItemFile.itemId,
          id: referenceFile.id,
          originalName: referenceFile.originalName,
          mediaType: referenceFile.mediaType,
          status: referenceFile.status,
          cursorTime: cursorTime(referenceFile.createdAt).as('cursor_time'),
          rank: sql<number>`row_number() over (partition by ${contentItemFile.itemId} order by ${referenceFile.createdAt}, ${referenceFile.id})`.as(
            'rank',
          ),
        })
        .from(contentItemFile)
        .innerJoin(referenceFile, eq(referenceFile.id, contentItemFile.fileId))
        .where(inArray(contentItemFile.itemId, itemIds))
        .as('ranked');
      const rows = await db
        .select()
        .from(ranked)
        .where(lte(ranked.rank, perItem))
        .orderBy(asc(ranked.itemId), asc(ranked.rank));
      for (const { itemId, rank: _rank, ...file } of rows) {
        const list = byItem.get(itemId) ?? [];
        list.push(file);
        byItem.set(itemId, list);
      }
      return byItem;
    },

    /** Which of these reference file ids are the user's. */
    async ownFileIds(userId: string, fileIds: string[]): Promise<Set<string>> {
      if (fileIds.length === 0) return new Set();
      const rows = await db
        .select({ id: referenceFile.id })
        .from(referenceFile)
        .where(and(eq(referenceFile.userId, userId), inArray(referenceFile.id, fileIds)));
      return new Set(rows.map((row) => row.id));
    },

    async linkFiles(itemId: string, fileIds: string[]): Promise<void> {
      await db
        .insert(contentItemFile)
        .values(fileIds.map((fileId) => ({ itemId, fileId })))
        .onConflictDoNothing();
    },

    async unlinkFile(itemId: string, fileId: string): Promise<boolean> {
      const deleted = await db
        .delete(contentItemFile)
        .where(and(eq(contentItemFile.itemId, itemId), eq(contentItemFile.fileId, fileId)))
        .returning({ fileId: contentItemFile.fileId });
      return deleted.length > 0;
    },

    /** The user's reference files, newest first, for the picker. */
    async listFiles(
      userId: string,
      filters: { text?: string },
      page: { cursor?: Cursor; limit: number },
    ): Promise<FileRow[]> {
      return db
        .select(fileColumns)
        .from(referenceFile)
        .where(
          and(
            eq(referenceFile.userId, userId),
            filters.text ? ilike(referenceFile.originalName, containing(filters.text)) : undefined,
            after(referenceFile.createdAt, referenceFile.id, page.cursor),
          ),
        )
        .orderBy(desc(createdMs(referenceFile.createdAt)), desc(referenceFile.id))
        .limit(page.limit);
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
