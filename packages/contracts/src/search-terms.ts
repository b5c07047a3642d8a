// Search terms ('Search Engines', /search-terms): the names and phrases Shark searches for, the
// suggestions made from the creator's usernames, and the discovery sources each term uses.
import { z } from 'zod';

/** Every discovery source of the scanning pipeline, by id (architecture: discovery sources). */
export const DISCOVERY_SOURCES = [
  'brave-web',
  'brave-images',
  'serpapi-google',
  'serpapi-google-lens',
  'yandex-images',
  'tineye',
  'google-vision',
  'site-catalog',
  'ahmia',
] as const;
export const discoverySourceSchema = z.enum(DISCOVERY_SOURCES);
export type DiscoverySource = z.infer<typeof discoverySourceSchema>;

/** What a source is called on screen, and whether it searches with words or with an image. */
export const DISCOVERY_SOURCE_INFO: Record<
  DiscoverySource,
  { label: string; searchesBy: 'text' | 'image' }
> = {
  'brave-web': { label: 'Brave Search (web)', searchesBy: 'text' },
  'brave-images': { label: 'Brave Search (images)', searchesBy: 'text' },
  'serpapi-google': { label: 'Google (web)', searchesBy: 'text' },
  'serpapi-google-lens': { label: 'Google Lens', searchesBy: 'image' },
  'yandex-images': { label: 'Yandex Images', searchesBy: 'text' },
  tineye: { label: 'TinEye', searchesBy: 'image' },
  'google-vision': { label: 'Google Cloud Vision', searchesBy: 'image' },
  'site-catalog': { label: 'Known leak sites', searchesBy: 'text' },
  ahmia: { label: 'Ahmia (dark web, Premium)', searchesBy: 'text' },
};

/** The sources a search term can use: reverse-image sources search with uploaded files, not words. */
export const TERM_SOURCES = DISCOVERY_SOURCES.filter(
  (source) => DISCOVERY_SOURCE_INFO[source].searchesBy === 'text',
);

export const SEARCH_TERM_MIN_LENGTH = 2;
export const SEARCH_TERM_MAX_LENGTH = 80;

/** Letters (any script), digits, spaces and the punctuation names and usernames use. */
const ALLOWED_CHARACTERS = /^[\p{L}\p{M}\p{N} ._'&@+-]+$/u;

/** Words that say nothing about whose content it is: a term needs at least one other word. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'her',
  'his',
  'i',
  'in',
  'is',
  'it',
  'me',
  'my',
  'of',
  'on',
  'or',
  'our',
  'she',
  'that',
  'the',
  'their',
  'this',
  'to',
  'was',
  'with',
  'you',
  'your',
]);
/** Words leak sites put next to every creator's name: alone they would match anyone's content. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'leak',
  'leaks',
  'leaked',
  'onlyfans',
  'fansly',
  'free',
  'mega',
  'telegram',
  'nude',
  'nudes',
  'naked',
  'porn',
  'sex',
  'video',
  'videos',
  'photo',
  'photos',
  'pics',
  'download',
  'reddit',
  'twitter',
  'instagram',
  'tiktok',
  'youtube',
  'of',
  'content',
  'new',
  'full',
  'hot',
  'sexy',
  'xxx',
  'onlyfan',
  'only',
  'fans',
  'link',
  'links',
]);

/** Whether a term has a word of its own (a name, a username), not only stop words and leak words. */
export function hasDistinctiveWord(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .some(
      (word) => Array.from(word).length >= 2 && !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word),
    );
}

/** The term as shown: spaces collapsed, letter case kept. */
export const searchTermTextSchema = z
  .string({ error: 'Enter a search term.' })
  .transform((value) => value.replace(/\s+/gu, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a search term.')
      .min(SEARCH_TERM_MIN_LENGTH, `Use at least ${SEARCH_TERM_MIN_LENGTH} characters.`)
      .max(SEARCH_TERM_MAX_LENGTH, `Use at most ${SEARCH_TERM_MAX_LENGTH} characters.`)
      .regex(ALLOWED_CHARACTERS, "Use letters, digits, spaces and . _ - ' & @ + only.")
      .refine(hasDistinctiveWord, {
        message:
          'Add a name or username: words like “the”, “leaked” or “onlyfans” alone would match anyone’s content.',
      }),
  );

/** Empty: every source that is switched on. Duplicates are dropped. */
export const termSourcesSchema = z
  .array(z.string(), { error: 'Choose the sources as a list.' })
  .max(DISCOVERY_SOURCES.length, 'Too many sources.')
  .superRefine((sources, ctx) => {
    for (const source of sources) {
      const known = discoverySourceSchema.safeParse(source);
      if (!known.success) {
        ctx.addIssue({
          code: 'custom',
          message: `“${source.slice(0, 40)}” is not a discovery source.`,
        });
        return;
      }
      if (DISCOVERY_SOURCE_INFO[known.data].searchesBy === 'image') {
        ctx.addIssue({
          code: 'custom',
          message: `${DISCOVERY_SOURCE_INFO[known.data].label} searches with images, not words: it is used with your uploaded files.`,
        });
        return;
      }
    }
  })
  .transform((sources) => [...new Set(sources)] as DiscoverySource[]);

export const SEARCH_TERM_STATUSES = ['active', 'suggested'] as const;

/** What the last scan found for a term; null until the term has been searched. */
export const lastResultsSchema = z.object({
  searchedAt: z.string(),
  /** Results the sources returned. */
  resultCount: z.number().int().nonnegative(),
  /** Of those, pages that showed the creator's content. */
  matchCount: z.number().int().nonnegative(),
});
export type LastResults = z.infer<typeof lastResultsSchema>;

export const searchTermSchema = z.object({
  id: z.string(),
  term: z.string(),
  status: z.enum(SEARCH_TERM_STATUSES),
  origin: z.enum(['creator', 'suggestion']),
  sources: z.array(discoverySourceSchema),
  /** The username a suggestion was made from, while that account exists. */
  suggestedFrom: z
    .object({ accountId: z.string(), platform: z.string(), username: z.string() })
    .nullable(),
  lastResults: lastResultsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SearchTerm = z.infer<typeof searchTermSchema>;

/** GET /api/search-terms. Dismissed suggestions are not listed; they are only counted. */
export const searchTermListSchema = z.object({
  active: z.array(searchTermSchema),
  suggested: z.array(searchTermSchema),
  dismissedCount: z.number().int().nonnegative(),
});
export type SearchTermList = z.infer<typeof searchTermListSchema>;

/** POST /api/search-terms */
export const createSearchTermSchema = z.object({
  term: searchTermTextSchema,
  sources: termSourcesSchema.default([]),
});
export type CreateSearchTerm = z.input<typeof createSearchTermSchema>;

/** PATCH /api/search-terms/{id}: the text, the sources, or both. */
export const updateSearchTermSchema = z
  .object({ term: searchTermTextSchema.optional(), sources: termSourcesSchema.optional() })
  .refine((body) => body.term !== undefined || body.sources !== undefined, {
    message: 'Change the term or its sources.',
    path: ['term'],
  });
export type UpdateSearchTerm = z.input<typeof updateSearchTermSchema>;

/** POST /api/search-terms/suggestions/refresh */
export const refreshSuggestionsResultSchema = z.object({
  /** New suggestions made by this refresh. */
  added: z.number().int().nonnegative(),
  /** The usernames the suggestions were made from. */
  usernameCount: z.number().int().nonnegative(),
  list: searchTermListSchema,
});
export type RefreshSuggestionsResult = z.infer<typeof refreshSuggestionsResultSchema>;

/** POST /api/search-terms/accept: several suggestions at once, in the order given, as many as the plan allows. */
export const acceptSuggestionsSchema = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: 'Choose the suggestions to accept.' })
    .min(1, 'Choose at least one suggestion.')
    .max(500, 'Accept at most 500 suggestions at once.'),
});
export type AcceptSuggestions = z.input<typeof acceptSuggestionsSchema>;

export const acceptSuggestionsResultSchema = z.object({
  accepted: z.array(searchTermSchema),
  /** Ids left as suggestions because the plan's limit was reached. */
  notAccepted: z.array(z.string()),
  /** Set when some were left: what the limit is and which plan lifts it. */
  limitMessage: z.string().nullable(),
});
export type AcceptSuggestionsResult = z.infer<typeof acceptSuggestionsResultSchema>;
