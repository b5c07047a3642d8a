// The copyrighted work a finding copies, as notices and delisting files name it: the creator's own
// description in Your Content when the matched reference file belongs to a work there, else the
// reference file itself.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { contentCollection, contentItem, contentItemFile } from '@shark/db/schema.ts';
import type { NoticeWork } from '@shark/engine/notices/notice-types.ts';

export interface WorkInfo {
  referenceName: string | null;
  referenceUploadedAt: Date | null;
  item: {
    title: string;
    type: 'photo' | 'video' | 'set';
    publishedOn: string | null;
    saleUrl: string | null;
    description: string | null;
    collection: string | null;
  } | null;
}

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

export function noticeWorkOf(work: WorkInfo, publicName: string): NoticeWork {
  const publishedAt = work.item?.publishedOn
    ? new Date(`${work.item.publishedOn}T00:00:00Z`)
    : null;
  return {
    title:
      work.item?.title ??
      (work.referenceName
        ? `Original file ${work.referenceName}`
        : `Photos and videos of ${publicName}`),
    referenceName: work.referenceName,
    publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null,
    originalUrl: work.item?.saleUrl ?? null,
    collection: work.item?.collection ?? null,
    description: work.item?.description ?? null,
    type: work.item?.type ?? null,
    referenceUploadedAt: work.referenceUploadedAt,
  };
}
