// Search terms suggested from a creator's usernames: the phrases leak sites and their visitors use
// ("<name> leaked", "<name> onlyfans"), the other ways the name is written ("jane doe", "janedoe"),
// and a few plausible misspellings. Deterministic: the same usernames always give the same list, in
// the same order, most useful first (the creator's plan may allow only the first few).
//
// Explicit words ("nude", "nudes") are left out on purpose: the list is shown to the creator as our
// advice, leak pages that use them nearly always also carry "leaked" or the platform's name, and a
// creator who wants them can add them as their own terms.
import { normalizeSearchTerm } from './normalize.ts';

export interface UsernameSource {
  /** One of the platforms of the Accounts screen (onlyfans, fansly, instagram, …, website, other). */
  platform: string;
  /** As the creator typed it; letter case is used to split "JaneDoe" into "jane doe". */
  username: string;
}

export type SuggestionKind = 'username' | 'keyword' | 'variant' | 'misspelling';

export interface SuggestedTerm {
  /** Normalised: lower case, single spaces. */
  term: string;
  kind: SuggestionKind;
}

export interface SuggestOptions {
  /** At most this many terms per username (before removing terms an earlier username gave). */
  perUsername?: number;
  /** Longer terms are left out (the search APIs cut long queries). */
  maxLength?: number;
}

export const DEFAULT_SUGGESTIONS_PER_USERNAME = 15;
export const DEFAULT_MAX_TERM_LENGTH = 80;
/** At most this many misspellings of one username: beyond that they are mostly noise. */
export const MAX_MISSPELLINGS = 3;
/** Shorter names have too many neighbours: a misspelling would match strangers. */
const MIN_MISSPELLING_BASE = 5;
/** A name this short is searched only together with a keyword ("kim leaked", never "kim" alone). */
const MIN_BARE_NAME = 4;

/** How people name each platform when they search for leaks of it; none for own websites and others. */
const PLATFORM_SEARCH_NAMES: Record<string, string | undefined> = {
  onlyfans: 'onlyfans',
  fansly: 'fansly',
  instagram: 'instagram',
  tiktok: 'tiktok',
  // Searchers still say "twitter"; "x" alone matches everything.
  x: 'twitter',
  reddit: 'reddit',
  telegram: 'telegram',
  youtube: 'youtube',
};

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const isLetter = (c: string | undefined): c is string => c !== undefined && /^\p{L}$/u.test(c);
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.has(c);
const isConsonant = (c: string | undefined) => isLetter(c) && !isVowel(c);

/** The name part of what the creator typed: "@Jane_Doe" → "Jane_Doe", a site's URL → its host name. */
function handleOf(source: UsernameSource): string {
  let text = source.username.normalize('NFKC').trim();
  if (source.platform === 'website' || /^[a-z][a-z0-9+.-]*:\/\//iu.test(text)) {
    try {
      text = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(text) ? text : `https://${text}`).hostname;
    } catch {
      // Not a URL after all: use it as typed.
    }
    text = text.replace(/^www\./iu, '');
  }
  return text.replace(/^(?:@|\/?u\/)/iu, '');
}

/** A host name without its top-level domain: "jane-doe.co.uk" → "jane-doe". */
function withoutTld(host: string): string {
  const labels = host.split('.');
  if (labels.length < 2) return host;
  // Second-level registries such as co.uk or com.au.
  const drop = labels.length >= 3 && (labels.at(-2)?.length ?? 0) <= 3 ? 2 : 1;
  return labels.slice(0, -drop).join('.');
}

/** The words of a name: split at separators, at any other punctuation, and at "JaneDoe"'s capitals. */
function wordsOf(name: string): string[] {
  const camelSplit =
    /\p{Ll}/u.test(name) && /\p{Lu}/u.test(name)
      ? name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      : name;
  return camelSplit
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** One-letter slips, most plausible first: a doubled letter typed once, a single one typed twice, two vowels swapped. */
export function misspellingsOf(name: string): string[] {
  const chars = Array.from(name);
  if (chars.length < MIN_MISSPELLING_BASE) return [];
  const out: string[] = [];
  const add = (candidate: string[]) => {
    const text = candidate.join('');
    if (text !== name && candidate.length >= MIN_MISSPELLING_BASE - 1 && !out.includes(text))
      out.push(text);
  };
  // "bella" → "bela"
  for (let i = 1; i < chars.length; i++) {
    if (isLetter(chars[i]) && chars[i] === chars[i - 1])
      add([...chars.slice(0, i), ...chars.slice(i + 1)]);
  }
  // "jane" → "janne": a consonant between two vowels is the one people double.
  for (let i = 1; i < chars.length - 1; i++) {
    if (isConsonant(chars[i]) && isVowel(chars[i - 1]) && isVowel(chars[i + 1])) {
      add([...chars.slice(0, i + 1), chars[i]!, ...chars.slice(i + 1)]);
      break;
    }
  }
  // "sophia" → "sophai", "janedoe" → "janedeo"
  for (let i = 1; i < chars.length - 1; i++) {
    if (isVowel(chars[i]) && isVowel(chars[i + 1]) && chars[i] !== chars[i + 1]) {
      add([...chars.slice(0, i), chars[i + 1]!, chars[i]!, ...chars.slice(i + 2)]);
      break;
    }
  }
  return out.slice(0, MAX_MISSPELLINGS);
}

/** The terms for one username, most useful first, capped. */
export function suggestForUsername(
  source: UsernameSource,
  options: SuggestOptions = {},
): SuggestedTerm[] {
  const limit = options.perUsername ?? DEFAULT_SUGGESTIONS_PER_USERNAME;
  const maxLength = options.maxLength ?? DEFAULT_MAX_TERM_LENGTH;
  const handle = handleOf(source);
  const isWebsite = source.platform === 'website';
  const words = wordsOf(isWebsite ? withoutTld(handle) : handle);
  if (words.length === 0) return [];

  // The name as written (separators kept, other punctuation dropped), and its spaced and joined forms.
  const written = normalizeSearchTerm(handle.replace(/[^\p{L}\p{M}\p{N}._-]+/gu, ''));
  const spaced = words.join(' ');
  const joined = words.join('');
  const primary = written !== '' && !/^[._-]|[._-]$/u.test(written) ? written : joined;
  // A site is searched by its address alone; leak pages name the creator, not the domain.
  const base = isWebsite ? joined : primary;
  const bare = (term: string) => (Array.from(joined).length >= MIN_BARE_NAME ? term : undefined);
  const platformName = PLATFORM_SEARCH_NAMES[source.platform];
  const [firstSlip, secondSlip, thirdSlip] = misspellingsOf(joined);

  const ordered: [string | undefined, SuggestionKind][] = [
    [bare(primary), 'username'],
    [`${base} leaked`, 'keyword'],
    [`${base} onlyfans`, 'keyword'],
    [bare(spaced), 'variant'],
    [bare(joined), 'variant'],
    [`${base} leak`, 'keyword'],
    [platformName ? `${base} ${platformName}` : undefined, 'keyword'],
    [`${spaced} leaked`, 'variant'],
    [`${base} onlyfans leaked`, 'keyword'],
    [firstSlip, 'misspelling'],
    [secondSlip, 'misspelling'],
    [`${base} fansly`, 'keyword'],
    [`${base} leaks`, 'keyword'],
    [`${base} free`, 'keyword'],
    [`${base} mega`, 'keyword'],
    [`${base} telegram`, 'keyword'],
    [thirdSlip, 'misspelling'],
  ];

  const seen = new Set<string>();
  const out: SuggestedTerm[] = [];
  for (const [candidate, kind] of ordered) {
    if (candidate === undefined) continue;
    const term = normalizeSearchTerm(candidate);
    if (term === '' || term.length > maxLength || seen.has(term)) continue;
    seen.add(term);
    out.push({ term, kind });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The terms for all of a creator's usernames, each tagged with the username it came from. A term
 * two usernames share is listed once, under the first.
 */
export function suggestSearchTerms<T extends UsernameSource>(
  sources: readonly T[],
  options: SuggestOptions = {},
): (SuggestedTerm & { source: T })[] {
  const seen = new Set<string>();
  const out: (SuggestedTerm & { source: T })[] = [];
  for (const source of sources) {
    for (const suggestion of suggestForUsername(source, options)) {
      if (seen.has(suggestion.term)) continue;
      seen.add(suggestion.term);
      out.push({ ...suggestion, source });
    }
  }
  return out;
}
