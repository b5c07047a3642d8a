// A creator's account on a platform, from whatever they type: "@Name", "u/name", a full profile link.
// Each platform's rules give the canonical username (what duplicates and searches compare), the
// profile URL, or a message saying what is wrong. For a website or another platform the "username"
// is the page's address itself.

export const ACCOUNT_PLATFORMS = [
  'onlyfans',
  'fansly',
  'instagram',
  'tiktok',
  'x',
  'reddit',
  'telegram',
  'youtube',
  'website',
  'other',
] as const;
export type AccountPlatform = (typeof ACCOUNT_PLATFORMS)[number];

/** Platforms where an account is a username on the platform (the others are addresses). */
export type HandlePlatform = Exclude<AccountPlatform, 'website' | 'other'>;
export const HANDLE_PLATFORMS = ACCOUNT_PLATFORMS.filter(
  (p): p is HandlePlatform => p !== 'website' && p !== 'other',
);

export function isHandlePlatform(platform: AccountPlatform): platform is HandlePlatform {
  return platform !== 'website' && platform !== 'other';
}

/** Profile URL per platform; `{username}` is replaced by the canonical username. */
export type ProfileUrlTemplates = Record<HandlePlatform, string>;

export const DEFAULT_PROFILE_URL_TEMPLATES: ProfileUrlTemplates = {
  onlyfans: 'https://onlyfans.com/{username}',
  fansly: 'https://fansly.com/{username}',
  instagram: 'https://www.instagram.com/{username}/',
  tiktok: 'https://www.tiktok.com/@{username}',
  x: 'https://x.com/{username}',
  reddit: 'https://www.reddit.com/user/{username}/',
  telegram: 'https://t.me/{username}',
  youtube: 'https://www.youtube.com/@{username}',
};

export const PLATFORM_NAMES: Record<AccountPlatform, string> = {
  onlyfans: 'OnlyFans',
  fansly: 'Fansly',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  reddit: 'Reddit',
  telegram: 'Telegram',
  youtube: 'YouTube',
  website: 'website',
  other: 'other platform',
};

export interface AccountIdentity {
  platform: AccountPlatform;
  /** For display: the username as typed (without "@", "u/" or the link around it), or the address. */
  username: string;
  /** Canonical: what duplicates are compared on; lower case where the platform ignores case. */
  normalizedUsername: string;
  profileUrl: string;
}

export type IdentityResult =
  { ok: true; identity: AccountIdentity } | { ok: false; message: string };

interface HandleRule {
  /** Host names (and their subdomains) whose links are profiles on this platform. */
  hosts: readonly string[];
  /** Prefixes people type before a username, removed: "@", "u/". Longest first. */
  prefixes: readonly string[];
  /** The username in a link's path segments, or a message when the link is not to a profile. */
  fromPath(segments: string[]): string | { message: string };
  characters: RegExp;
  charactersInWords: string;
  min: number;
  max: number;
  /** Further rules, in words when broken. */
  extra?(username: string): string | undefined;
  /** What to type, for messages: "your username (instagram.com/name)". */
  example: string;
}

/** "an Instagram link", "a TikTok link", "an X link". */
function aOrAn(name: string): string {
  return /^[AEIOUX]/.test(name) ? `an ${name}` : `a ${name}`;
}

const notAProfile = (message: string) => ({ message });

const RULES: Record<HandlePlatform, HandleRule> = {
  onlyfans: {
    hosts: ['onlyfans.com'],
    prefixes: ['@'],
    fromPath: ([first]) =>
      first &&
      !['my', 'posts', 'login', 'help', 'terms', 'privacy', 'about', 'faq'].includes(
        first.toLowerCase(),
      )
        ? first
        : notAProfile(
            'This OnlyFans link is not a profile. Use the link to your page, such as onlyfans.com/name.',
          ),
    characters: /^[A-Za-z0-9._-]+$/,
    charactersInWords: 'letters, numbers, periods, hyphens and underscores',
    min: 1,
    max: 50,
    example: 'onlyfans.com/name',
  },
  fansly: {
    hosts: ['fansly.com'],
    prefixes: ['@'],
    fromPath: ([first]) =>
      first &&
      !['explore', 'home', 'messages', 'settings', 'post', 'notifications'].includes(
        first.toLowerCase(),
      )
        ? first
        : notAProfile(
            'This Fansly link is not a profile. Use the link to your page, such as fansly.com/name.',
          ),
    characters: /^[A-Za-z0-9_-]+$/,
    charactersInWords: 'letters, numbers, hyphens and underscores',
    min: 1,
    max: 30,
    example: 'fansly.com/name',
  },
  instagram: {
    hosts: ['instagram.com', 'instagr.am'],
    prefixes: ['@'],
    fromPath: ([first, second]) => {
      const head = first?.toLowerCase();
      if (head === 'stories' && second) return second;
      if (
        !first ||
        ['p', 'reel', 'reels', 'tv', 'explore', 'accounts', 'direct', 'stories'].includes(
          head ?? '',
        )
      ) {
        return notAProfile(
          'This Instagram link is not a profile. Use the link to your profile, such as instagram.com/name.',
        );
      }
      return first;
    },
    characters: /^[A-Za-z0-9._]+$/,
    charactersInWords: 'letters, numbers, periods and underscores',
    min: 1,
    max: 30,
    extra: (name) =>
      name.startsWith('.') || name.endsWith('.')
        ? 'Instagram usernames cannot start or end with a period.'
        : name.includes('..')
          ? 'Instagram usernames cannot have two periods in a row.'
          : undefined,
    example: 'instagram.com/name',
  },
  tiktok: {
    hosts: ['tiktok.com'],
    prefixes: ['@'],
    fromPath: ([first]) =>
      first?.startsWith('@') && first.length > 1
        ? first.slice(1)
        : notAProfile(
            'This TikTok link is not a profile. Use the link to your profile, such as tiktok.com/@name.',
          ),
    characters: /^[A-Za-z0-9._]+$/,
    charactersInWords: 'letters, numbers, periods and underscores',
    min: 2,
    max: 24,
    extra: (name) =>
      name.endsWith('.') ? 'TikTok usernames cannot end with a period.' : undefined,
    example: 'tiktok.com/@name',
  },
  x: {
    hosts: ['x.com', 'twitter.com'],
    prefixes: ['@'],
    fromPath: ([first]) =>
      first &&
      ![
        'i',
        'home',
        'search',
        'explore',
        'intent',
        'share',
        'hashtag',
        'settings',
        'messages',
        'notifications',
      ].includes(first.toLowerCase())
        ? first
        : notAProfile(
            'This X link is not a profile. Use the link to your profile, such as x.com/name.',
          ),
    characters: /^[A-Za-z0-9_]+$/,
    charactersInWords: 'letters, numbers and underscores',
    min: 1,
    max: 15,
    example: 'x.com/name',
  },
  reddit: {
    hosts: ['reddit.com'],
    prefixes: ['/user/', '/u/', 'user/', 'u/', '@'],
    fromPath: ([first, second]) => {
      const head = first?.toLowerCase();
      if ((head === 'user' || head === 'u') && second) return second;
      if (head === 'r')
        return notAProfile(
          'This is a link to a subreddit, not a user. Use the link to your profile, such as reddit.com/user/name.',
        );
      return notAProfile(
        'This Reddit link is not a profile. Use the link to your profile, such as reddit.com/user/name.',
      );
    },
    characters: /^[A-Za-z0-9_-]+$/,
    charactersInWords: 'letters, numbers, hyphens and underscores',
    min: 3,
    max: 20,
    example: 'reddit.com/user/name',
  },
  telegram: {
    hosts: ['t.me', 'telegram.me', 'telegram.dog'],
    prefixes: ['@'],
    fromPath: ([first, second]) => {
      if (first === 's' && second) return second;
      if (!first || first.startsWith('+') || first === 'joinchat' || first === 'c') {
        return notAProfile(
          'Invite links cannot be checked. Use the public username of your channel or account, such as t.me/name.',
        );
      }
      return first;
    },
    characters: /^[A-Za-z0-9_]+$/,
    charactersInWords: 'letters, numbers and underscores',
    min: 5,
    max: 32,
    extra: (name) =>
      !/^[A-Za-z]/.test(name)
        ? 'Telegram usernames start with a letter.'
        : name.endsWith('_')
          ? 'Telegram usernames cannot end with an underscore.'
          : undefined,
    example: 't.me/name',
  },
  youtube: {
    hosts: ['youtube.com', 'youtu.be'],
    prefixes: ['@'],
    fromPath: ([first]) =>
      first?.startsWith('@') && first.length > 1
        ? first.slice(1)
        : notAProfile(
            "Use your channel's handle, the @name in its address (youtube.com/@name), rather than a channel ID or a video link.",
          ),
    characters: /^[A-Za-z0-9._-]+$/,
    charactersInWords: 'letters, numbers, periods, hyphens and underscores',
    min: 3,
    max: 30,
    example: 'youtube.com/@name',
  },
};

/** Which platform a host belongs to, if any. */
function platformOfHost(hostname: string): HandlePlatform | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return HANDLE_PLATFORMS.find((platform) =>
    RULES[platform].hosts.some((known) => host === known || host.endsWith(`.${known}`)),
  );
}

/**
 * Text meant as a link rather than a bare username: it has a scheme, starts with "www.", has a
 * path after a dotted host ("instagram.com/jane"), or is a platform's host by itself. "jane.doe"
 * is a username.
 */
function looksLikeLink(text: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^www\./i.test(text)) return true;
  if (/^[^/\s@]+\.[^/\s@]+\//.test(text)) return true;
  return platformOfHost(text) !== undefined;
}

function parseLink(text: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

function pathSegments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

export function profileUrlOf(
  platform: HandlePlatform,
  normalizedUsername: string,
  templates: ProfileUrlTemplates = DEFAULT_PROFILE_URL_TEMPLATES,
): string {
  return templates[platform].replaceAll('{username}', encodeURIComponent(normalizedUsername));
}

const MAX_INPUT = 2000;

function identifyHandle(
  platform: HandlePlatform,
  input: string,
  templates: ProfileUrlTemplates,
): IdentityResult {
  const rule = RULES[platform];
  const name = PLATFORM_NAMES[platform];
  let username: string;
  if (looksLikeLink(input)) {
    const url = parseLink(input);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      return {
        ok: false,
        message: `Enter your ${name} username or a link to your profile (${rule.example}).`,
      };
    }
    const owner = platformOfHost(url.hostname);
    if (owner !== platform) {
      return {
        ok: false,
        message: owner
          ? `This is ${aOrAn(PLATFORM_NAMES[owner])} link. Choose ${PLATFORM_NAMES[owner]} as the platform, or enter your ${name} username.`
          : `This is not ${aOrAn(name)} link. Enter your ${name} username or a link to your profile (${rule.example}).`,
      };
    }
    const found = rule.fromPath(pathSegments(url));
    if (typeof found !== 'string') return { ok: false, message: found.message };
    username = found;
  } else {
    username = input;
    const prefix = rule.prefixes.find((p) => username.toLowerCase().startsWith(p));
    if (prefix) username = username.slice(prefix.length);
    username = username.replace(/\/+$/, '');
  }
  if (username === '')
    return {
      ok: false,
      message: `Enter your ${name} username or a link to your profile (${rule.example}).`,
    };
  if (!rule.characters.test(username)) {
    return { ok: false, message: `${name} usernames use only ${rule.charactersInWords}.` };
  }
  if (username.length < rule.min || username.length > rule.max) {
    return {
      ok: false,
      message:
        rule.min === 1
          ? `${name} usernames are at most ${rule.max} characters long.`
          : `${name} usernames are ${rule.min} to ${rule.max} characters long.`,
    };
  }
  const broken = rule.extra?.(username);
  if (broken) return { ok: false, message: broken };
  // Every platform here treats usernames without regard to case.
  const normalizedUsername = username.toLowerCase();
  return {
    ok: true,
    identity: {
      platform,
      username,
      normalizedUsername,
      profileUrl: profileUrlOf(platform, normalizedUsername, templates),
    },
  };
}

function identifyAddress(platform: 'website' | 'other', input: string): IdentityResult {
  const what = platform === 'website' ? 'your website' : 'your profile';
  const example = platform === 'website' ? 'example.com' : 'https://site.example/name';
  const url = parseLink(input);
  if (!url || !url.hostname || /\s/.test(input)) {
    return { ok: false, message: `Enter the address of ${what}, such as ${example}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `Enter an http or https address of ${what}, such as ${example}.` };
  }
  if (url.username || url.password)
    return { ok: false, message: 'Enter the address without a user name or password.' };
  const host = url.hostname.replace(/\.$/, '');
  const isAddressLiteral = /^\[.*\]$/.test(host) || /^\d+\.\d+\.\d+\.\d+$/.test(host);
  if (!isAddressLiteral && !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*$/i.test(host)) {
    return { ok: false, message: `Enter the full address of ${what}, such as ${example}.` };
  }
  const owner = platformOfHost(host);
  if (owner) {
    return {
      ok: false,
      message: `This is ${aOrAn(PLATFORM_NAMES[owner])} link. Choose ${PLATFORM_NAMES[owner]} as the platform.`,
    };
  }
  url.hash = '';
  url.hostname = host;
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  // Same site whether typed with http or https, with or without www, with or without a final slash.
  const normalizedUsername = `${host.replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
  const username = `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
  return { ok: true, identity: { platform, username, normalizedUsername, profileUrl: url.href } };
}

/**
 * Reads what the creator typed as an account on `platform`. Templates change where profiles live
 * (tests and demos point them at local stand-ins).
 */
export function identifyAccount(
  platform: AccountPlatform,
  typed: string,
  templates: ProfileUrlTemplates = DEFAULT_PROFILE_URL_TEMPLATES,
): IdentityResult {
  const input = typed.trim();
  if (input === '') {
    return {
      ok: false,
      message: isHandlePlatform(platform)
        ? 'Enter a username or a link to the profile.'
        : 'Enter the address of the page.',
    };
  }
  if (input.length > MAX_INPUT)
    return { ok: false, message: `This is longer than ${MAX_INPUT} characters.` };
  return isHandlePlatform(platform)
    ? identifyHandle(platform, input, templates)
    : identifyAddress(platform, input);
}

/** Checks a template: an absolute http(s) URL with `{username}` in it. Returns the problem, if any. */
export function profileUrlTemplateProblem(template: string): string | undefined {
  if (!template.includes('{username}')) return 'must contain {username}';
  try {
    const url = new URL(template.replaceAll('{username}', 'name'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'must be an http or https URL';
  } catch {
    return 'must be an absolute URL';
  }
  return undefined;
}

/** How people write the account: "@jane" on most platforms, "u/jane" on Reddit, the address for sites. */
export function accountHandle(platform: AccountPlatform, username: string): string {
  if (platform === 'reddit') return `u/${username}`;
  return isHandlePlatform(platform) ? `@${username}` : username;
}
