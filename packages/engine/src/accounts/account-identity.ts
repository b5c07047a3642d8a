// A creator's account on a platform, from whatever they type: "@Name", "u/name", a full profile link.
// Each platform's rules give the canonical username (what duplicates and searches compare), the
// profile URL, or a message saying what is wrong. For a website or another platform the "username"
// is the page's address itself.
import {
  DEFAULT_PROFILE_URL_TEMPLATES,
  HANDLE_PLATFORMS,
  PLATFORM_NAMES,
  isHandlePlatform,
  type AccountPlatform,
  type HandlePlatform,
  type ProfileUrlTemplates,
} from './account-platforms.ts';
import { RULES, aOrAn } from './account-handle-rules.ts';

export {
  ACCOUNT_PLATFORMS,
  DEFAULT_PROFILE_URL_TEMPLATES,
  HANDLE_PLATFORMS,
  PLATFORM_NAMES,
  isHandlePlatform,
  type AccountPlatform,
  type HandlePlatform,
  type ProfileUrlTemplates,
} from './account-platforms.ts';

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
