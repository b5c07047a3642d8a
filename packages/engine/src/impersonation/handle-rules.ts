// Which handles each platform accepts, and when two handles are the same account there. The rules
// of the Accounts screen's platforms match accounts/account-identity.ts (a test holds them together);
// Bluesky and Facebook are the catalog's other social networks.

export interface HandleRule {
  /** Characters of the part people choose (for Bluesky the label before `.bsky.social`). */
  characters: RegExp;
  min: number;
  max: number;
  /** Further rules on the chosen part; true when it is acceptable. */
  extra?: (label: string) => boolean;
}

export const HANDLE_RULES = {
  onlyfans: { characters: /^[a-z0-9._-]+$/i, min: 1, max: 50 },
  fansly: { characters: /^[a-z0-9_-]+$/i, min: 1, max: 30 },
  instagram: {
    characters: /^[a-z0-9._]+$/i,
    min: 1,
    max: 30,
    extra: (label) => !label.startsWith('.') && !label.endsWith('.') && !label.includes('..'),
  },
  tiktok: {
    characters: /^[a-z0-9._]+$/i,
    min: 2,
    max: 24,
    extra: (label) => !label.endsWith('.'),
  },
  x: { characters: /^[a-z0-9_]+$/i, min: 1, max: 15 },
  reddit: { characters: /^[a-z0-9_-]+$/i, min: 3, max: 20 },
  telegram: {
    characters: /^[a-z0-9_]+$/i,
    min: 5,
    max: 32,
    extra: (label) => /^[a-z]/i.test(label) && !label.endsWith('_'),
  },
  youtube: { characters: /^[a-z0-9._-]+$/i, min: 3, max: 30 },
  // A handle on the bsky.social service: 3–18 letters, digits and inner hyphens.
  bluesky: {
    characters: /^[a-z0-9-]+$/i,
    min: 3,
    max: 18,
    extra: (label) => !label.startsWith('-') && !label.endsWith('-'),
  },
  // Facebook ignores periods and case: jane.doe and JaneDoe are one page. All digits is an id.
  facebook: {
    characters: /^[a-z0-9.]+$/i,
    min: 5,
    max: 50,
    extra: (label) => !/^[0-9.]+$/.test(label) && !label.startsWith('.') && !label.endsWith('.'),
  },
} satisfies Record<string, HandleRule>;

export type HandlePlatformId = keyof typeof HANDLE_RULES;

/** Any handle-like name on a platform we have no rules for. */
const GENERIC_RULE: HandleRule = { characters: /^[a-z0-9._-]+$/i, min: 1, max: 50 };

/** Catalog site ids and other spellings of a platform. */
const ALIASES: Readonly<Record<string, HandlePlatformId>> = {
  twitter: 'x',
  'telegram-preview': 'telegram',
  tgstat: 'telegram',
  bsky: 'bluesky',
};

const BLUESKY_SERVICE = '.bsky.social';

/** The platform a name or catalog site id stands for (`telegram-preview` → `telegram`), if known. */
export function canonicalPlatform(platform: string | undefined): HandlePlatformId | undefined {
  if (platform === undefined) return undefined;
  const key = platform.trim().toLowerCase();
  if (key in HANDLE_RULES) return key as HandlePlatformId;
  return ALIASES[key];
}

export function handleRuleFor(platform: string | undefined): HandleRule {
  const id = canonicalPlatform(platform);
  return id === undefined ? GENERIC_RULE : HANDLE_RULES[id];
}

/** What people type before a handle: "@jane", and on Reddit "u/jane". */
function withoutPrefix(handle: string): string {
  return handle.trim().replace(/^(?:@|\/?u\/|\/?user\/)/i, '');
}

function isDomainName(name: string): boolean {
  const labels = name.split('.');
  return (
    labels.length >= 2 &&
    name.length <= 253 &&
    /^[a-z][a-z0-9-]*$/i.test(labels.at(-1) ?? '') &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))
  );
}

/**
 * The part of a handle its owner chose, letter case kept: "@JaneDoe" → "JaneDoe"; on Bluesky
 * "jane.bsky.social" → "jane", and a custom-domain handle "janedoe.com" → "janedoe".
 */
export function handleLabel(platform: string | undefined, handle: string): string {
  const name = withoutPrefix(handle);
  if (canonicalPlatform(platform) !== 'bluesky') return name;
  if (name.toLowerCase().endsWith(BLUESKY_SERVICE)) return name.slice(0, -BLUESKY_SERVICE.length);
  const lastDot = name.lastIndexOf('.');
  return lastDot > 0 ? name.slice(0, lastDot) : name;
}

/** The full handle for a chosen part: on Bluesky the label on the bsky.social service. */
export function handleFromLabel(platform: string | undefined, label: string): string {
  return canonicalPlatform(platform) === 'bluesky' ? `${label}${BLUESKY_SERVICE}` : label;
}

/** Whether the platform would accept this handle (a leading "@", or "u/" on Reddit, is allowed). */
export function isValidHandle(platform: string | undefined, handle: string): boolean {
  const name = withoutPrefix(handle);
  if (canonicalPlatform(platform) === 'bluesky') {
    const lower = name.toLowerCase();
    if (!lower.endsWith(BLUESKY_SERVICE)) return isDomainName(lower);
    return isValidLabel(HANDLE_RULES.bluesky, lower.slice(0, -BLUESKY_SERVICE.length));
  }
  return isValidLabel(handleRuleFor(platform), name);
}

function isValidLabel(rule: HandleRule, label: string): boolean {
  return (
    label.length >= rule.min &&
    label.length <= rule.max &&
    rule.characters.test(label) &&
    (rule.extra?.(label) ?? true)
  );
}

/**
 * The account a handle names on the platform, as a key: lower case (every platform here ignores
 * case), without "@"; on Facebook without periods; on Bluesky a bare name is on bsky.social.
 */
export function normalizeHandle(platform: string | undefined, handle: string): string {
  const name = withoutPrefix(handle).toLowerCase();
  const id = canonicalPlatform(platform);
  if (id === 'facebook') return name.replace(/\./g, '');
  if (id === 'bluesky') return name.includes('.') ? name : `${name}${BLUESKY_SERVICE}`;
  return name;
}
