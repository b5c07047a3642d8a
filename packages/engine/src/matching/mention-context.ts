// What a page that names the creator but shows no matched copy of her files is: a possible leak (it
// names her among leak words or links to file hosts), a later page of a thread or listing whose first
// page says the same (continuation), or a page that only shares her name (a company, a namesake, an
// article). A small rule set; every answer carries the reasons a person can check on the page.
import { load } from 'cheerio';
import { foldConfusables, lookAlikeSkeleton, type CreatorNeedles } from './text-match.ts';

export type MentionContextKind = 'possible-leak' | 'continuation' | 'name-only';

export interface MentionContext {
  kind: MentionContextKind;
  /** Why, in words a person can check on the page ("“leaked” next to her name", "?page=2"). */
  reasons: string[];
}

/** What the page's HTML says beyond its text: pagination and where its links lead. */
export interface PageSignals {
  /** A `<link rel="prev">` or `<a rel="prev">`: the page has a page before it. */
  hasRelPrev: boolean;
  /** The number the page's own pagination marks as current (aria-current, .active in a pager). */
  currentPage: number | null;
  /** Hosts of the file-sharing sites the page links to, lower case, each once. */
  fileHostLinks: string[];
}

export interface MentionPage {
  url: string;
  title: string | null;
  text: string | null;
  signals?: PageSignals | null;
}

/** The creator as named on pages: her usernames, search terms and display names. */
export interface MentionNeedles extends CreatorNeedles {
  names?: readonly string[];
}

/** File-sharing sites leaks are passed around on (a link to one next to her name is the leak itself). */
const FILE_HOSTS = [
  'mega.nz',
  'mega.io',
  'mega.co.nz',
  'gofile.io',
  'pixeldrain.com',
  'terabox.com',
  'teraboxapp.com',
  '1024tera.com',
  'mediafire.com',
  'krakenfiles.com',
  'bunkr.si',
  'bunkrr.su',
  'cyberdrop.me',
  'workupload.com',
  'anonfiles.com',
  'uploadhaven.com',
  'rapidgator.net',
  'nitroflare.com',
  'k2s.cc',
  'keep2share.cc',
];

/**
 * Words that make a page naming her a leak page wherever they stand (folded: lower case, no accents).
 * Several languages, where a word is cheap to list.
 */
const STRONG_WORDS = new Set([
  'leak',
  'leaks',
  'leaked',
  'leaking',
  'onlyfans',
  'fansly',
  'patreon',
  'nudes',
  'nude',
  'naked',
  'ppv',
  'filtrado',
  'filtrada',
  'filtrados',
  'filtradas',
  'vazado',
  'vazados',
  'vazou',
  'fuite',
  'fuites',
  'geleakt',
  'trapelato',
  'desnuda',
  'nua',
  'nackt',
  'xxx',
  'porn',
  'sextape',
]);

/** Phrases as strong as the words above ("OnlyFans" reads as two words once camel case is split). */
const STRONG_PHRASES = [
  'only fans',
  'full video',
  'video completo',
  'vidéo complète',
  'free download',
];

/**
 * Words ordinary pages use too ("a free quote", "our collection"): they count only within a couple of
 * words of her name.
 */
const WEAK_WORDS = new Set([
  'free',
  'gratis',
  'gratuit',
  'kostenlos',
  'pack',
  'set',
  'collection',
  'download',
  'descargar',
  'telecharger',
  'telegram',
  'premium',
  'vip',
  'of',
  'pics',
  'fotos',
  'videos',
  'mega',
]);
/** How many words either side of her name a weak word may stand to count. */
const NEAR = 2;

/** Names of the page-number parameters; `p` is left out (a post's id on WordPress). */
const PAGE_PARAMETERS = new Set(['page', 'pg', 'paged', 'pagina', 'seite', 'pagenum', 'page_num']);

/** What leak pages glue to a name ("lunafoxleaks", "lunafoxof"), as look-alike skeletons. */
const LEAK_AFFIXES = new Set(
  [
    'free',
    'leak',
    'leaks',
    'leaked',
    'of',
    'onlyfans',
    'fansly',
    'nude',
    'nudes',
    'vip',
    'xxx',
    'priv',
    'private',
    'backup',
  ].map(lookAlikeSkeleton),
);

/** The page's words folded for reading (no look-alike folding: "vip" stays "vip"). */
function wordsOf(text: string): string[] {
  return foldConfusables(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Where her names stand in a list of words: [first, last] word indexes of each occurrence. */
function nameSpans(words: readonly string[], names: readonly string[]): [number, number][] {
  const skeletons = words.map(lookAlikeSkeleton);
  const spans: [number, number][] = [];
  for (let start = 0; start < skeletons.length; start++) {
    for (const name of names) {
      let joined = '';
      for (let end = start; end < skeletons.length && name.startsWith(joined); end++) {
        joined += skeletons[end];
        if (joined === name) {
          spans.push([start, end]);
          break;
        }
      }
    }
  }
  return spans;
}

/** Whether a word is her name glued to a leak word ("lunafoxleaks", "lunafoxof"). */
function gluedAffix(word: string, names: readonly string[]): boolean {
  const skeleton = lookAlikeSkeleton(word);
  for (const name of names) {
    if (skeleton.length <= name.length || name.length < 4) continue;
    const rest = skeleton.startsWith(name)
      ? skeleton.slice(name.length)
      : skeleton.endsWith(name)
        ? skeleton.slice(0, skeleton.length - name.length)
        : null;
    if (rest !== null && LEAK_AFFIXES.has(rest)) return true;
  }
  return false;
}

function compactNames(needles: MentionNeedles): string[] {
  const all = [
    ...needles.usernames.map((u) => u.trim().replace(/^(?:@|\/?u\/|\/?user\/)/iu, '')),
    ...needles.terms,
    ...(needles.names ?? []),
  ];
  const compact = all.map((value) => wordsOf(value).map(lookAlikeSkeleton).join(''));
  return [...new Set(compact.filter((name) => name !== ''))];
}

/** The leak context of one stretch of text (the title, or the text), as reasons. */
function leakWords(text: string, names: readonly string[], where: 'title' | 'text'): string[] {
  const words = wordsOf(text);
  const reasons: string[] = [];
  const strong = words.find((word) => STRONG_WORDS.has(word));
  if (strong) reasons.push(`“${strong}” in the ${where}`);
  const joined = ` ${words.join(' ')} `;
  const phrase = STRONG_PHRASES.find((p) => joined.includes(` ${wordsOf(p).join(' ')} `));
  if (phrase) reasons.push(`“${phrase}” in the ${where}`);
  for (const word of words) {
    if (gluedAffix(word, names)) {
      reasons.push(`her name run together with a leak word (“${word}”)`);
      break;
    }
  }
  const spans = nameSpans(words, names);
  if (spans.length > 0) {
    const isNear = (index: number) =>
      spans.some(([first, last]) => index >= first - NEAR && index <= last + NEAR);
    const inName = (index: number) =>
      spans.some(([first, last]) => index >= first && index <= last);
    const weak = words.findIndex(
      (word, index) => WEAK_WORDS.has(word) && !inName(index) && isNear(index),
    );
    // "of" alone is everywhere in English; beside her name it is OnlyFans ("Luna Fox OF").
    if (weak !== -1 && (words[weak] !== 'of' || spans.some(([, last]) => weak === last + 1)))
      reasons.push(`“${words[weak]}” next to her name in the ${where}`);
  }
  return reasons;
}

/** Hosts of file-sharing sites an address names, written out in the text or linked. */
function fileHostOf(hostOrUrl: string): string | null {
  const host = hostOrUrl.toLowerCase().replace(/^www\./, '');
  return FILE_HOSTS.find((fileHost) => host === fileHost || host.endsWith(`.${fileHost}`)) ?? null;
}

const TEXT_ADDRESS = /\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})\/[^\s]*/giu;

function fileHostsInText(text: string): string[] {
  const hosts = new Set<string>();
  for (const match of text.matchAll(TEXT_ADDRESS)) {
    const host = fileHostOf(match[1] ?? '');
    if (host) hosts.add(host);
  }
  return [...hosts];
}

/** The page number the address gives, when it gives one. */
function pageNumberOfUrl(url: string): { page: number; how: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  for (const [name, value] of parsed.searchParams) {
    if (PAGE_PARAMETERS.has(name.toLowerCase()) && /^\d{1,5}$/.test(value))
      return { page: Number(value), how: `?${name}=${value}` };
  }
  // phpBB counts posts, not pages: start=25 is the second page of a topic.
  const start = parsed.searchParams.get('start');
  if (/viewtopic|viewforum/i.test(parsed.pathname) && start && /^\d{1,6}$/.test(start))
    return { page: Number(start) > 0 ? 2 : 1, how: `?start=${start}` };
  const path = parsed.pathname;
  const segment = /\/page[-/]?(\d{1,5})\/?$/i.exec(path);
  if (segment) return { page: Number(segment[1]), how: segment[0].replace(/\/$/, '') };
  // Forum threads as static files: thread-123-2.html (page 2), Discuz's thread-123-2-1.html.
  const thread = /\/(?:thread|topic|t)[-_]\d+[-_](\d{1,5})(?:[-_]\d+)?\.html?$/i.exec(path);
  if (thread) return { page: Number(thread[1]), how: thread[0].slice(1) };
  return null;
}

/** "Page 2 of 5", "Page 2/5", "Seite 2 von 5", "Página 2 de 5", "Page 2 sur 5". */
const PAGE_OF =
  /\b(?:page|seite|pagina|página|pag\.)\s*(\d{1,5})\s*(?:of|von|de|sur|di|\/)\s*(\d{1,5})\b/iu;

function continuationReasons(page: MentionPage): string[] {
  const reasons: string[] = [];
  const fromUrl = pageNumberOfUrl(page.url);
  if (fromUrl && fromUrl.page > 1)
    reasons.push(`page ${fromUrl.page} by its address (${fromUrl.how})`);
  if (page.signals?.hasRelPrev) reasons.push('it links to the page before it (rel=prev)');
  const current = page.signals?.currentPage ?? null;
  if (current !== null && current > 1) reasons.push(`its pager marks page ${current} as current`);
  for (const text of [page.title ?? '', (page.text ?? '').slice(0, 5000)]) {
    const match = PAGE_OF.exec(text);
    if (match && Number(match[1]) > 1 && Number(match[1]) <= Number(match[2])) {
      reasons.push(`“${match[0]}”`);
      break;
    }
  }
  // An address saying page 1 outweighs a stray "Page 2 of 5" in a pager's text.
  return fromUrl?.page === 1 ? [] : reasons;
}

/**
 * Classifies a page that names the creator and holds no matched copy. A later page of a thread or
 * listing is a continuation even among leak words: its first page carries the finding. Otherwise leak
 * words or links to file hosts make it a possible leak, and anything else only shares her name.
 */
export function classifyMention(page: MentionPage, needles: MentionNeedles): MentionContext {
  const continuation = continuationReasons(page);
  if (continuation.length > 0) return { kind: 'continuation', reasons: continuation };
  const names = compactNames(needles);
  const reasons = [
    ...leakWords(page.title ?? '', names, 'title'),
    ...leakWords(page.text ?? '', names, 'text'),
  ];
  const hosts = new Set([
    ...(page.signals?.fileHostLinks ?? []),
    ...fileHostsInText(page.text ?? ''),
  ]);
  if (hosts.size > 0) reasons.push(`links to file hosts (${[...hosts].sort().join(', ')})`);
  if (reasons.length > 0) return { kind: 'possible-leak', reasons: [...new Set(reasons)] };
  return { kind: 'name-only', reasons: ['names her without any leak word or file-host link'] };
}

/** A whole number from a pager's label ("2", " 3 "), or null. */
function pageNumber(label: string): number | null {
  const text = label.trim();
  return /^\d{1,5}$/.test(text) ? Number(text) : null;
}

/**
 * Whether a rel=prev link leads to an earlier page of the same thread or listing: the same path with
 * another query, a path this one continues (/t/x/ → /t/x/page-2), or an address that is itself a
 * numbered page. A blog's link to the previous article (/2026/04/other-post/) is none of these.
 */
function isEarlierPageOf(href: string, pageUrl: string): boolean {
  let prev: URL;
  let current: URL;
  try {
    current = new URL(pageUrl);
    prev = new URL(href, current);
  } catch {
    return false;
  }
  if (prev.origin !== current.origin) return false;
  const folder = prev.pathname.replace(/\/?$/, '/');
  return (
    prev.pathname === current.pathname ||
    current.pathname.startsWith(folder) ||
    pageNumberOfUrl(prev.href) !== null
  );
}

/** Pagers by their class ("pagination", "pager", "pagenav"), not any class with "page" in it (page-content). */
const PAGERS = [
  '[class*="paginat" i]',
  '[class*="pager" i]',
  '[class*="pagenav" i]',
  '[class*="page-nav" i]',
];
/** How pagers mark the page shown (phpBB writes it in <strong>). */
const CURRENT = ['.active', '.current', 'strong'];

/** The signals of a page's HTML that its text loses; `pageUrl` resolves relative links. */
export function pageSignalsOf(html: string, pageUrl: string): PageSignals {
  const $ = load(html);
  const hasRelPrev = $('link[rel], a[rel]')
    .toArray()
    .some(
      (el) =>
        /(?:^|\s)prev(?:ious)?(?:\s|$)/i.test($(el).attr('rel') ?? '') &&
        isEarlierPageOf($(el).attr('href') ?? '', pageUrl),
    );
  let currentPage: number | null = null;
  const marked = $('[aria-current="page"]').first().text();
  currentPage = pageNumber(marked);
  if (currentPage === null) {
    const inPager = $(
      PAGERS.flatMap((pager) => CURRENT.map((mark) => `${pager} ${mark}`)).join(', '),
    )
      .toArray()
      .map((el) => pageNumber($(el).text()))
      .find((n) => n !== null);
    currentPage = inPager ?? null;
  }
  const hosts = new Set<string>();
  $('a[href]').each((_, el) => {
    try {
      const host = fileHostOf(new URL($(el).attr('href') ?? '', pageUrl).hostname);
      if (host) hosts.add(host);
    } catch {
      // Not an address: nothing to learn from it.
    }
  });
  return { hasRelPrev, currentPage, fileHostLinks: [...hosts].sort() };
}
