// The copyrighted work a finding copies, as notices and delisting files name it: the creator's own
// description in Your Content when the matched reference file belongs to a work there, else the
// reference file itself. The works are read by works-repository.ts.
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
