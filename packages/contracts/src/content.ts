// Your Content (/branches): the creator's works as a DMCA notice names them — collections, items
// (title, type, date published, where they are sold) and the reference files linked to each item.
import { z } from 'zod';
import { CONTENT_TYPES, SEARCH_TEXT_MAX } from './content-values.ts';

export { CONTENT_TYPES, SEARCH_TEXT_MAX };

export const contentTypeSchema = z.enum(CONTENT_TYPES, { error: 'Choose photo, video or set.' });
export type ContentType = z.infer<typeof contentTypeSchema>;

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  photo: 'Photo',
  video: 'Video',
  set: 'Set',
};

export const COLLECTION_TITLE_MAX = 120;
export const ITEM_TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const SALE_URLS_MAX = 20;
export const SALE_URL_MAX_LENGTH = 2048;

// --- Dates ---

/**
 * The latest calendar date anywhere on Earth (UTC+14): a creator east of UTC may publish "today"
 * while it is still yesterday in UTC, and that date is not in the future for them.
 */
export function latestDateOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const publishedOnSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine(isCalendarDate, 'This date does not exist.')
  .refine((value) => value >= '1900-01-01', 'Enter a date after 1900.')
  .refine((value) => value <= latestDateOnEarth(), 'The date published cannot be in the future.');

// --- Sale URLs ---

export const SALE_URL_MESSAGE = 'Enter a full web address that starts with http:// or https://.';

/** An http(s) address with a real host name (with a dot) and no user name or password in it. */
export function isSaleUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname.includes('.') &&
    !url.hostname.endsWith('.') &&
    url.username === '' &&
    url.password === ''
  );
}

export const saleUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter a web address, or remove this row.')
  .max(SALE_URL_MAX_LENGTH, `Keep web addresses under ${SALE_URL_MAX_LENGTH} characters.`)
  .refine(isSaleUrl, SALE_URL_MESSAGE)
  // The canonical form, so the same page typed twice is stored once.
  .transform((value) => new URL(value).href);

export const saleUrlsSchema = z
  .array(saleUrlSchema)
  .max(SALE_URLS_MAX, `Add at most ${SALE_URLS_MAX} places where the work is sold.`)
  .transform((urls) => [...new Set(urls)]);

// --- Collections ---

const collectionTitleSchema = z
  .string({ error: 'Enter a name for the collection.' })
  .trim()
  .min(1, 'Enter a name for the collection.')
  .max(COLLECTION_TITLE_MAX, `Keep the name under ${COLLECTION_TITLE_MAX} characters.`);

const descriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Keep the description under ${DESCRIPTION_MAX} characters.`)
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const createCollectionSchema = z.object({
  title: collectionTitleSchema,
  description: descriptionSchema.optional(),
});
export type CreateCollection = z.input<typeof createCollectionSchema>;

export const updateCollectionSchema = z
  .object({ title: collectionTitleSchema.optional(), description: descriptionSchema.optional() })
  .refine((value) => value.title !== undefined || value.description !== undefined, {
    message: 'Send a new name or description.',
  });
export type UpdateCollection = z.input<typeof updateCollectionSchema>;

export const contentCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentCollection = z.infer<typeof contentCollectionSchema>;

export const collectionListSchema = z.object({
  collections: z.array(contentCollectionSchema),
  /** Items in no collection. */
  uncollectedCount: z.number().int(),
  totalItemCount: z.number().int(),
});
export type CollectionList = z.infer<typeof collectionListSchema>;

/** What happens to a collection's items when it is deleted: kept (now uncollected) or deleted with it. */
export const COLLECTION_DELETE_MODES = ['keep', 'delete'] as const;
export const deleteCollectionQuerySchema = z.object({
  items: z.enum(COLLECTION_DELETE_MODES, {
    error:
      'Say what happens to the items: items=keep keeps them uncollected, items=delete deletes them.',
  }),
});
export type CollectionDeleteMode = (typeof COLLECTION_DELETE_MODES)[number];

export const deletedCollectionSchema = z.object({
  deletedItemCount: z.number().int(),
  uncollectedItemCount: z.number().int(),
});
export type DeletedCollection = z.infer<typeof deletedCollectionSchema>;

// --- Items ---

const itemTitleSchema = z
  .string({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(ITEM_TITLE_MAX, `Keep the title under ${ITEM_TITLE_MAX} characters.`);

const idSchema = z.string().min(1).max(100);

export const createItemSchema = z.object({
  title: itemTitleSchema,
  type: contentTypeSchema,
  publishedOn: publishedOnSchema.nullable().optional(),
  saleUrls: saleUrlsSchema.optional(),
  description: descriptionSchema.optional(),
  /** null or absent: the item is in no collection. */
  collectionId: idSchema.nullable().optional(),
});
export type CreateItem = z.input<typeof createItemSchema>;

export const updateItemSchema = z
  .object({
    title: itemTitleSchema.optional(),
    type: contentTypeSchema.optional(),
    publishedOn: publishedOnSchema.nullable().optional(),
    saleUrls: saleUrlsSchema.optional(),
    description: descriptionSchema.optional(),
    collectionId: idSchema.nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
  });
export type UpdateItem = z.input<typeof updateItemSchema>;

export const REFERENCE_FILE_STATUSES = [
  'uploading',
  'queued',
  'processing',
  'ready',
  'failed',
] as const;

/** A reference file as Your Content shows it: enough to recognise it, and whether it is fingerprinted. */
export const contentFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.enum(['image', 'video']).nullable(),
  status: z.enum(REFERENCE_FILE_STATUSES),
  /** `/api/reference-files/{id}/thumbnail` once the file is ready; null before. */
  thumbnailUrl: z.string().nullable(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

export const contentItemSchema = z.object({
  id: z.string(),
  collectionId: z.string().nullable(),
  title: z.string(),
  type: contentTypeSchema,
  publishedOn: z.string().nullable(),
  saleUrls: z.array(z.string()),
  description: z.string().nullable(),
  fileCount: z.number().int(),
  /** The first few linked files, for thumbnails in lists. */
  previewFiles: z.array(contentFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentItemDetailSchema = contentItemSchema.extend({
  files: z.array(contentFileSchema),
});
export type ContentItemDetail = z.infer<typeof contentItemDetailSchema>;

/** `collection`: a collection id, or `none` for items in no collection. */
export const itemListQuerySchema = z.object({
  collection: idSchema.optional(),
  type: contentTypeSchema.optional(),
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, `Keep the search under ${SEARCH_TEXT_MAX} characters.`)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;

export const itemListSchema = z.object({
  items: z.array(contentItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many items match the filters in all. */
  total: z.number().int(),
});
export type ItemList = z.infer<typeof itemListSchema>;

export const LINK_FILES_MAX = 100;
export const linkFilesSchema = z.object({
  fileIds: z
    .array(idSchema, { error: 'Choose the files to link.' })
    .min(1, 'Choose at least one file.')
    .max(LINK_FILES_MAX, `Link at most ${LINK_FILES_MAX} files at a time.`),
});
export type LinkFiles = z.infer<typeof linkFilesSchema>;

// --- The creator's reference files, for the picker ---

export const fileListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, `Keep the search under ${SEARCH_TEXT_MAX} characters.`)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const contentFileListSchema = z.object({
  files: z.array(contentFileSchema),
  nextCursor: z.string().nullable(),
});
export type ContentFileList = z.infer<typeof contentFileListSchema>;

/** The thumbnail the uploads API serves for a ready file. */
export function referenceThumbnailUrl(fileId: string): string {
  return `/api/reference-files/${encodeURIComponent(fileId)}/thumbnail`;
}
