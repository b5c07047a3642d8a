// Each handle platform's rules: its hosts, the prefixes people type, where the username sits in a
// profile link, and which usernames it allows.
import type { HandlePlatform } from './account-platforms.ts';

export interface HandleRule {
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
export function aOrAn(name: string): string {
  return /^[AEIOUX]/.test(name) ? `an ${name}` : `a ${name}`;
}

const notAProfile = (message: string) => ({ message });

export const RULES: Record<HandlePlatform, HandleRule> = {
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
