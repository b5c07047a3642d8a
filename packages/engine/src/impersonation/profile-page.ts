// Whether a page fetched on a site we know nothing about is somebody's profile on a social network,
// read from what real networks put on such pages: Open Graph's profile type and username, JSON-LD
// ProfilePage/Person, a handle in the address, an avatar and a follower count. Strict on purpose: a
// forum thread and a tube page show avatars and counts too, but neither names one handle.
import { load, type CheerioAPI } from 'cheerio';

export type ProfileSignal =
  | 'og-profile'
  | 'profile-username'
  | 'json-ld-profile'
  | 'url-handle'
  | 'avatar'
  | 'follower-count';

export interface DetectedProfile {
  /** As the page gives it, without "@" or a "@server" part. */
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  /** Every address the page gives its avatar at (the picture itself, og:image, JSON-LD image). */
  avatarUrls: string[];
  /** The count the page shows ("1,234 followers"), as written. */
  followerText: string | null;
  /** The page's address with the handle as `{username}`; null when the address does not carry it. */
  profileUrlTemplate: string | null;
  signals: ProfileSignal[];
}

const HANDLE = /^[a-z0-9][a-z0-9._-]{0,49}$/i;

/** Path words before a handle: /u/jane, /user/jane, /users/jane, /profile/jane… */
const HANDLE_PATH =
  /^((?:\/[^/]+)*?\/(?:u|user|users|profile|profiles|people|member|members))\/([^/]+)\/?$/i;
/** Mastodon and its kind: /@jane (the handle must end the path: /@jane/123 is a post). */
const AT_PATH = /^((?:\/[^/]+)*?\/)@([^/@]+)(?:@[^/]+)?\/?$/;
const HANDLE_QUERY = ['user', 'username', 'u', 'handle'] as const;

/** First path segments that are a site's own pages, never a member's handle. */
const RESERVED_SEGMENTS = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'api',
  'blog',
  'contact',
  'explore',
  'feed',
  'help',
  'home',
  'index',
  'index.html',
  'login',
  'logout',
  'news',
  'p',
  'post',
  'posts',
  'privacy',
  'reel',
  'search',
  'settings',
  'signup',
  'tag',
  'tags',
  'team',
  'terms',
  'thread',
  'threads',
  'topic',
  'topics',
  'video',
  'videos',
  'watch',
]);

const AVATAR_MARK = /avatar|profile[-_ ]?(?:photo|pic|picture|image|img)|user[-_ ]?photo/i;
/** "1,234 followers", "12.5k Followers", "Followers 12k": a count of followers first, then others. */
const COUNT = String.raw`\d[\d,.]*\s?[kmb]?`;
const FOLLOWER_COUNTS = [
  String.raw`\b${COUNT}\s+followers?\b`,
  String.raw`\bfollowers?\s*:?\s*${COUNT}(?![\d,.])`,
  String.raw`\b${COUNT}\s+(?:subscribers|following|posts|toots)\b`,
  String.raw`\b(?:subscribers|following)\s*:?\s*${COUNT}(?![\d,.])`,
].map((pattern) => new RegExp(pattern, 'i'));
/** What sites put between a profile's name and their own ("Jane • Instagram", "Jane | Site"). */
const TITLE_SEPARATOR = /\s+[•|·–—-]\s+/u;

interface Structured {
  ogProfile: boolean;
  metaHandle: string | null;
  jsonLd: { handle: string | null; name: string | null; image: string | null } | null;
}

function meta($: CheerioAPI, key: string): string | null {
  const value = $(`meta[property='${key}'], meta[name='${key}']`).first().attr('content')?.trim();
  return value ? value : null;
}

/** "@jane@mastodon.social" → "jane"; null when what is left is no handle. */
function bareHandle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const handle = raw.trim().replace(/^@/, '').split('@')[0] ?? '';
  return HANDLE.test(handle) ? handle : null;
}

function nodesOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  return [node, ...nodesOf(node['@graph'])];
}

function typesOf(node: Record<string, unknown>): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object' && value !== null) {
    const node = value as Record<string, unknown>;
    return textOf(node.value ?? node.url ?? node.contentUrl);
  }
  return null;
}

/**
 * The person a JSON-LD block says the page is about: the main entity of a ProfilePage, or the one
 * Person with a handle. A page listing several people (a team page) is about none of them.
 */
function jsonLdPerson($: CheerioAPI): Structured['jsonLd'] {
  const nodes: Record<string, unknown>[] = [];
  $("script[type='application/ld+json']").each((_, element) => {
    try {
      nodes.push(...nodesOf(JSON.parse($(element).text()) as unknown));
    } catch {
      // A broken block says nothing.
    }
  });
  const read = (person: Record<string, unknown>) => ({
    handle: bareHandle(textOf(person.alternateName) ?? textOf(person.identifier)),
    name: textOf(person.name),
    image: textOf(person.image),
  });
  const page = nodes.find((node) => typesOf(node).includes('ProfilePage'));
  const main = page ? nodesOf(page.mainEntity)[0] : undefined;
  if (page) return main ? read(main) : { handle: null, name: null, image: null };
  const people = nodes.filter((node) => typesOf(node).includes('Person'));
  if (people.length !== 1) return null;
  const person = read(people[0]!);
  return person.handle ? person : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface UrlHandle {
  handle: string;
  template: string;
  /** Whether the address says "this is a user" by itself (/@jane, /u/jane, ?user=jane). */
  isMarked: boolean;
}

/** The handle the address carries, with the address as a template. */
function handleInUrl(url: URL, expected: string | null): UrlHandle | null {
  const path = url.pathname;
  const origin = url.origin;
  const trailing = path.endsWith('/') && path !== '/' ? '/' : '';
  const at = AT_PATH.exec(path);
  if (at) {
    const handle = bareHandle(safeDecode(at[2] ?? ''));
    if (handle)
      return { handle, template: `${origin}${at[1]}@{username}${trailing}`, isMarked: true };
  }
  const marked = HANDLE_PATH.exec(path);
  if (marked) {
    const handle = bareHandle(safeDecode(marked[2] ?? ''));
    if (handle)
      return { handle, template: `${origin}${marked[1]}/{username}${trailing}`, isMarked: true };
  }
  for (const name of HANDLE_QUERY) {
    const handle = bareHandle(url.searchParams.get(name));
    if (!handle) continue;
    const query = new URLSearchParams(url.searchParams);
    query.set(name, '__handle__');
    return {
      handle,
      template: `${origin}${path}?${query.toString().replace('__handle__', '{username}')}`,
      isMarked: true,
    };
  }
  // /jane, as Instagram and most networks have it: a handle only when the page says whose it is.
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 1) {
    const segment = safeDecode(segments[0]!);
    const handle = bareHandle(segment);
    if (
      handle &&
      !RESERVED_SEGMENTS.has(handle.toLowerCase()) &&
      (expected === null || sameHandle(handle, expected))
    )
      return { handle, template: `${origin}/{username}${trailing}`, isMarked: false };
  }
  return null;
}

function sameHandle(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function absolute(src: string | null | undefined, base: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Pictures marked as someone's avatar; a page with many of them (a thread) has no one avatar. */
function markedAvatars($: CheerioAPI, base: string): string[] {
  const found = new Set<string>();
  $('img').each((_, element) => {
    const img = $(element);
    const marks = [img.attr('class'), img.attr('alt'), img.attr('id'), img.parent().attr('class')];
    if (!marks.some((mark) => mark && AVATAR_MARK.test(mark))) return;
    const src = absolute(img.attr('src') ?? img.attr('data-src'), base);
    if (src) found.add(src);
  });
  return [...found];
}

/** The page's text with a space between elements ("Jane Doe" and "Followers 12k" stay apart). */
function visibleText($: CheerioAPI): string {
  return $('body *')
    .not('script, style, noscript, template')
    .contents()
    .filter((_, node) => node.nodeType === 3)
    .map((_, node) => $(node).text())
    .get()
    .join(' ');
}

/** The name the page shows, without the handle and the site's own words. */
function cleanName(raw: string | null, handle: string, host: string): string | null {
  if (!raw) return null;
  const label = host.split('.').at(-2) ?? host;
  const first = (raw.split(TITLE_SEPARATOR)[0] ?? '').replace(
    new RegExp(`\\s+on\\s+${label.replace(/[^a-z0-9]/gi, '')}\\s*$`, 'iu'),
    '',
  );
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = first
    .replace(new RegExp(`\\(\\s*@?${escaped}(?:@[^\\s)]+)?\\s*\\)`, 'iu'), ' ')
    .replace(/\(\s*@[^()\s]+\s*\)/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return name === '' ? null : name;
}

/** The profile a page shows, or null when it is not one person's profile page. */
export function detectProfilePage(input: { url: string; html: string }): DetectedProfile | null {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return null;
  }
  const $ = load(input.html);
  const ogType = meta($, 'og:type')?.toLowerCase() ?? null;
  const structured: Structured = {
    ogProfile: ogType === 'profile',
    metaHandle: bareHandle(meta($, 'profile:username')),
    jsonLd: jsonLdPerson($),
  };
  // A page that says it is an article or a video is one, whatever else it shows.
  if (ogType !== null && /^(?:article|video|music|book)/.test(ogType)) return null;
  const declared = structured.metaHandle ?? structured.jsonLd?.handle ?? null;
  const isDeclared = structured.ogProfile || declared !== null || structured.jsonLd !== null;
  const inUrl = handleInUrl(url, declared);

  const signals: ProfileSignal[] = [];
  if (structured.ogProfile) signals.push('og-profile');
  if (structured.metaHandle) signals.push('profile-username');
  if (structured.jsonLd) signals.push('json-ld-profile');
  if (inUrl) signals.push('url-handle');

  const avatars = markedAvatars($, url.href);
  const markedAvatar = avatars.length >= 1 && avatars.length <= 2 ? avatars[0]! : null;
  const avatarUrl =
    markedAvatar ??
    absolute(structured.jsonLd?.image, url.href) ??
    (isDeclared ? absolute(meta($, 'og:image'), url.href) : null);
  if (avatarUrl) signals.push('avatar');
  const text = `${meta($, 'description') ?? ''}\n${meta($, 'og:description') ?? ''}\n${visibleText($)}`;
  const flat = text.replace(/\s+/g, ' ');
  const followerText =
    FOLLOWER_COUNTS.map((pattern) => pattern.exec(flat)?.[0]?.trim()).find(Boolean) ?? null;
  if (followerText) signals.push('follower-count');

  const handle = declared ?? inUrl?.handle ?? null;
  if (handle === null) return null;
  // Without the page declaring a profile, the address must mark a user and the page must look like
  // one: its own avatar and a follower count.
  if (!isDeclared && !(inUrl?.isMarked && markedAvatar !== null && followerText !== null))
    return null;
  // A declared profile still needs more than its type: a handle or a picture of the person.
  if (isDeclared && !inUrl && declared === null && avatarUrl === null) return null;

  const rawName =
    structured.jsonLd?.name ?? meta($, 'og:title') ?? ($('title').first().text().trim() || null);
  const template = inUrl && sameHandle(inUrl.handle, handle) ? inUrl.template : null;
  return {
    handle,
    displayName: cleanName(rawName, handle, url.hostname),
    avatarUrl,
    avatarUrls: avatarUrl
      ? [
          ...new Set(
            [
              avatarUrl,
              absolute(structured.jsonLd?.image, url.href),
              isDeclared ? absolute(meta($, 'og:image'), url.href) : null,
            ].filter((u): u is string => u !== null),
          ),
        ]
      : [],
    followerText,
    profileUrlTemplate: template,
    signals,
  };
}

/** A picture marked as an avatar inside a link to a profile (a people search, a follower list). */
export interface LinkedProfileAvatar {
  avatarUrl: string;
  profileUrl: string;
  handle: string;
}

/**
 * The avatars a page shows of other profiles on its own site, each with the profile it links to: the
 * picture is that profile's, not a post of the page's. Only links whose address marks a user count
 * (/@jane, /u/jane, ?user=jane); a forum's poster avatars, linking to /members/…, are left alone.
 */
export function linkedProfileAvatars(input: { url: string; html: string }): LinkedProfileAvatar[] {
  let base: URL;
  try {
    base = new URL(input.url);
  } catch {
    return [];
  }
  const $ = load(input.html);
  const found = new Map<string, LinkedProfileAvatar>();
  $('a[href] img').each((_, element) => {
    const img = $(element);
    const marks = [img.attr('class'), img.attr('alt'), img.attr('id'), img.parent().attr('class')];
    if (!marks.some((mark) => mark && AVATAR_MARK.test(mark))) return;
    const avatarUrl = absolute(img.attr('src') ?? img.attr('data-src'), base.href);
    const href = absolute(img.closest('a[href]').attr('href'), base.href);
    if (!avatarUrl || !href) return;
    const target = new URL(href);
    if (target.host !== base.host) return;
    const linked = handleInUrl(target, null);
    // Forums link every poster to /members/…: their avatars beside posts are not a people list.
    if (!linked?.isMarked || /\/members?\//i.test(target.pathname)) return;
    found.set(avatarUrl, { avatarUrl, profileUrl: target.href, handle: linked.handle });
  });
  return [...found.values()];
}

/** The address of a handle's profile on a network whose template we learnt. */
export function profileUrlFromTemplate(template: string, username: string): string {
  return template.replace('{username}', encodeURIComponent(username.trim().replace(/^@/, '')));
}
