// Query keys of Your Content, by user, so one account's cache never shows in the next account's
// session; mutations invalidate by these prefixes.
import type { ContentType } from '@shark/contracts/content.ts';

export type ItemFilters = { collection?: string; type?: ContentType; q?: string };

export const contentKeys = {
  all: (userId: string) => ['content', userId] as const,
  collections: (userId: string) => ['content', userId, 'collections'] as const,
  /** Every filtered list of items (not the single-item details). */
  itemLists: (userId: string) => ['content', userId, 'items', 'list'] as const,
  itemList: (userId: string, filters: ItemFilters) =>
    ['content', userId, 'items', 'list', filters] as const,
  item: (userId: string, itemId: string) => ['content', userId, 'items', 'detail', itemId] as const,
  files: (userId: string, q: string) => ['content', userId, 'files', q] as const,
};
