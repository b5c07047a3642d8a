// Your Content: the rules for collections, items and their linked reference files. Ids of another
// creator's rows answer exactly as ids that do not exist (404).
import { randomUUID } from 'node:crypto';
import {
  referenceThumbnailUrl,
  type CollectionDeleteMode,
  type CollectionList,
  type ContentCollection,
  type ContentFile,
  type ContentFileList,
  type ContentItem,
  type ContentItemDetail,
  type ContentType,
  type DeletedCollection,
  type ItemList,
} from '@shark/contracts/content.ts';
import { AppError } from '#server/http/app-error.ts';
import { decodeCursor, encodeCursor } from './content-cursor.ts';
import type {
  CollectionRow,
  ContentRepository,
  FileRow,
  ItemRow,
  ItemValues,
} from './content-repository.ts';

/** Parsed request bodies (the contracts' outputs). */
export interface CollectionInput {
  title: string;
  description?: string | null | undefined;
}
export interface ItemInput {
  title: string;
  type: ContentType;
  publishedOn?: string | null | undefined;
  saleUrls?: string[] | undefined;
  description?: string | null | undefined;
  collectionId?: string | null | undefined;
}
export type ItemChanges = Partial<ItemInput>;

const DEFAULT_PAGE_SIZE = 25;
const PREVIEW_FILES = 4;

const notFound = {
  collection: () => new AppError('NOT_FOUND', 'This collection does not exist.'),
  item: () => new AppError('NOT_FOUND', 'This item does not exist.'),
  file: () => new AppError('NOT_FOUND', 'This file does not exist.'),
};

function toFile(row: FileRow): ContentFile {
  return {
    id: row.id,
    name: row.originalName,
    mediaType: row.mediaType,
    status: row.status,
    thumbnailUrl: row.status === 'ready' ? referenceThumbnailUrl(row.id) : null,
  };
}

function toCollection(row: CollectionRow): ContentCollection {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toItem(row: ItemRow, previewFiles: FileRow[]): ContentItem {
  return {
    id: row.id,
    collectionId: row.collectionId,
    title: row.title,
    type: row.type,
    publishedOn: row.publishedOn,
    saleUrls: row.saleUrls,
    description: row.description,
    fileCount: row.fileCount,
    previewFiles: previewFiles.map(toFile),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createContentService(repo: ContentRepository, newId: () => string = randomUUID) {
  async function ownCollection(userId: string, id: string): Promise<CollectionRow> {
    const found = await repo.findCollection(userId, id);
    if (!found) throw notFound.collection();
    return found;
  }

  async function assertUniqueTitle(
    userId: string,
    title: string,
    exceptId?: string,
  ): Promise<void> {
    if (await repo.findCollectionIdByTitle(userId, title, exceptId)) {
      throw new AppError('CONFLICT', `You already have a collection named "${title}".`, {
        fields: { title: 'You already have a collection with this name.' },
      });
    }
  }

  /** A collection id from a request body: the user's own, or 404 (placed on the form's field too). */
  async function assertCollectionForItem(
    userId: string,
    collectionId: string | null | undefined,
  ): Promise<void> {
    if (!collectionId) return;
    if (!(await repo.findCollection(userId, collectionId))) {
      throw new AppError('NOT_FOUND', 'This collection does not exist.', {
        fields: { collectionId: 'This collection does not exist. Choose another one.' },
      });
    }
  }

  async function detail(userId: string, itemId: string): Promise<ContentItemDetail> {
    const row = await repo.findItem(userId, itemId);
    if (!row) throw notFound.item();
    const files = await repo.filesOfItem(row.id);
    return { ...toItem(row, files.slice(0, PREVIEW_FILES)), files: files.map(toFile) };
  }

  return {
    // --- Collections ---

    async listCollections(userId: string): Promise<CollectionList> {
      const [collections, counts] = await Promise.all([
        repo.listCollections(userId),
        repo.countItems(userId),
      ]);
      return {
        collections: collections.map(toCollection),
        uncollectedCount: counts.uncollected,
        totalItemCount: counts.total,
      };
    },

    async createCollection(userId: string, input: CollectionInput): Promise<ContentCollection> {
      await assertUniqueTitle(userId, input.title);
      const id = newId();
      await repo.insertCollection({
        id,
        userId,
        title: input.title,
        description: input.description ?? null,
      });
      return toCollection(await ownCollection(userId, id));
    },

    async updateCollection(
      userId: string,
      id: string,
      changes: Partial<CollectionInput>,
    ): Promise<ContentCollection> {
      await ownCollection(userId, id);
      if (changes.title !== undefined) await assertUniqueTitle(userId, changes.title, id);
      await repo.updateCollection(userId, id, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
      });
      return toCollection(await ownCollection(userId, id));
    },

    async deleteCollection(
      userId: string,
      id: string,
      mode: CollectionDeleteMode,
    ): Promise<DeletedCollection> {
      const result = await repo.deleteCollection(userId, id, mode === 'delete');
      if (!result) throw notFound.collection();
      return { deletedItemCount: result.deleted, uncollectedItemCount: result.uncollected };
    },

    // --- Items ---

    async listItems(
      userId: string,
      query: {
        collection?: string | undefined;
        type?: ContentType | undefined;
        q?: string | undefined;
        cursor?: string | undefined;
        limit?: number | undefined;
      },
    ): Promise<ItemList> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      let collectionId: string | null | undefined;
      if (query.collection === 'none') collectionId = null;
      else if (query.collection !== undefined)
        collectionId = (await ownCollection(userId, query.collection)).id;
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await repo.listItems(
        userId,
        { collectionId, type: query.type, text: query.q || undefined },
        { cursor, limit: limit + 1 },
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const previews = await repo.previewFiles(
        page.map((row) => row.id),
        PREVIEW_FILES,
      );
      return {
        items: page.map((row) => toItem(row, previews.get(row.id) ?? [])),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ createdAt: last.cursorTime, id: last.id })
            : null,
        total,
      };
    },

    getItem: detail,

    async createItem(userId: string, input: ItemInput): Promise<ContentItemDetail> {
      await assertCollectionForItem(userId, input.collectionId);
      const id = newId();
      await repo.insertItem({
        id,
        userId,
        collectionId: input.collectionId ?? null,
        title: input.title,
        type: input.type,
        publishedOn: input.publishedOn ?? null,
        saleUrls: input.saleUrls ?? [],
        description: input.description ?? null,
      });
      return detail(userId, id);
    },

    async updateItem(userId: string, id: string, changes: ItemChanges): Promise<ContentItemDetail> {
      if (!(await repo.findItem(userId, id))) throw notFound.item();
      await assertCollectionForItem(userId, changes.collectionId);
      const values: Partial<ItemValues> = {};
      if (changes.title !== undefined) values.title = changes.title;
      if (changes.type !== undefined) values.type = changes.type;
      if (changes.publishedOn !== undefined) values.publishedOn = changes.publishedOn;
      if (changes.saleUrls !== undefined) values.saleUrls = changes.saleUrls;
      if (changes.description !== undefined) values.description = changes.description;
      if (changes.collectionId !== undefined) values.collectionId = changes.collectionId;
      await repo.updateItem(userId, id, values);
      return detail(userId, id);
    },

    async deleteItem(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteItem(userId, id))) throw notFound.item();
    },

    // --- Linked reference files ---

    /** Links the user's own files; if any id is not theirs, nothing is linked. */
    async linkFiles(userId: string, itemId: string, fileIds: string[]): Promise<ContentItemDetail> {
      if (!(await repo.findItem(userId, itemId))) throw notFound.item();
      const unique = [...new Set(fileIds)];
      const own = await repo.ownFileIds(userId, unique);
      if (own.size !== unique.length) {
        throw new AppError(
          'NOT_FOUND',
          unique.length === 1
            ? 'This file does not exist.'
            : 'One or more of these files do not exist.',
        );
      }
      await repo.linkFiles(itemId, unique);
      return detail(userId, itemId);
    },

    async unlinkFile(userId: string, itemId: string, fileId: string): Promise<ContentItemDetail> {
      if (!(await repo.findItem(userId, itemId))) throw notFound.item();
      if ((await repo.ownFileIds(userId, [fileId])).size === 0) throw notFound.file();
      if (!(await repo.unlinkFile(itemId, fileId))) {
        throw new AppError('NOT_FOUND', 'This file is not linked to this item.');
      }
      return detail(userId, itemId);
    },

    async listFiles(
      userId: string,
      query: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
    ): Promise<ContentFileList> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      const limit = query.limit ?? 50;
      const rows = await repo.listFiles(
        userId,
        { text: query.q || undefined },
        { cursor, limit: limit + 1 },
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        files: page.map(toFile),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ createdAt: last.cursorTime, id: last.id })
            : null,
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
