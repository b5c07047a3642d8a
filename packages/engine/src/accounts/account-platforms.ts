// The platforms an account can be on, their display names and default profile-link templates.

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
