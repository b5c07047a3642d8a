// The works of Your Content that reference files belong to, as notices and delisting files name them.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { contentCollection, contentItem, contentItemFile } from '@shark/db/schema.ts';
import type { WorkInfo } from './works.ts';

/** The first work of Your Content each reference file belongs to. */
export async function contentItemsOfFiles(
  db: Database,
  fileIds: string[],
): Promise<Map<string, WorkInfo['item']>> {
  const items = new Map<string, WorkInfo['item']>();
  if (fileIds.length === 0) return items;
  const linked = await db
    .select({
      fileId: contentItemFile.fileId,
      item: contentItem,
      collection: contentCollection.title,
    })
    .from(contentItemFile)
    .innerJoin(contentItem, eq(contentItem.id, contentItemFile.itemId))
    .leftJoin(contentCollection, eq(contentCollection.id, contentItem.collectionId))
    .where(inArray(contentItemFile.fileId, [...new Set(fileIds)]))
    .orderBy(asc(contentItem.createdAt), asc(contentItem.id));
  for (const { fileId, item, collection } of linked) {
    if (items.has(fileId)) continue;
    items.set(fileId, {
      title: item.title,
      type: item.type,
      publishedOn: item.publishedOn,
      saleUrl: item.saleUrls[0] ?? null,
      description: item.description,
      collection,
    });
  }
  return items;
}
