// The platforms as creators read them: names, what to type, and where on each the ownership code goes.
import { ACCOUNT_PLATFORMS, type AccountPlatform } from '@shark/contracts/accounts.ts';

type PlatformInfo = {
  label: string;
  /** Placeholder of the username field. */
  placeholder: string;
  /** Where the code goes, for the verification panel. */
  codePlace: string;
};

export const PLATFORMS: Record<AccountPlatform, PlatformInfo> = {
  onlyfans: {
    label: 'OnlyFans',
    placeholder: '@username or onlyfans.com/username',
    codePlace:
      'On OnlyFans, open your profile, choose Edit profile and add the code to your About text.',
  },
  fansly: {
    label: 'Fansly',
    placeholder: '@username or fansly.com/username',
    codePlace: 'On Fansly, open Settings, then Profile, and add the code to your bio.',
  },
  instagram: {
    label: 'Instagram',
    placeholder: '@username or instagram.com/username',
    codePlace: 'On Instagram, tap Edit profile and add the code to your bio.',
  },
  tiktok: {
    label: 'TikTok',
    placeholder: '@username or tiktok.com/@username',
    codePlace: 'On TikTok, tap Edit profile and add the code to your bio.',
  },
  x: {
    label: 'X (Twitter)',
    placeholder: '@username or x.com/username',
    codePlace: 'On X, choose Edit profile and add the code to your bio.',
  },
  reddit: {
    label: 'Reddit',
    placeholder: 'u/username or reddit.com/user/username',
    codePlace:
      'On Reddit, open your profile settings and add the code to the About (description) field.',
  },
  telegram: {
    label: 'Telegram',
    placeholder: '@username or t.me/username',
    codePlace:
      "In Telegram, add the code to your public channel's description or your account's bio.",
  },
  youtube: {
    label: 'YouTube',
    placeholder: '@handle or youtube.com/@handle',
    codePlace:
      'In YouTube Studio, open Customisation, then Basic info, and add the code to your channel description.',
  },
  website: {
    label: 'Own website',
    placeholder: 'yoursite.com',
    codePlace:
      'Add the code as visible text on this page of your website, for example in the footer.',
  },
  other: {
    label: 'Other',
    placeholder: 'https://site.example/your-profile',
    codePlace: 'Add the code to the bio or description shown on this profile page.',
  },
};

export const PLATFORM_OPTIONS = ACCOUNT_PLATFORMS.map((value) => ({
  value,
  label: PLATFORMS[value].label,
}));

/** The platform's name; an id this app does not know is shown as it is. */
export function platformLabel(platform: AccountPlatform | (string & {})): string {
  return (PLATFORMS as Partial<Record<string, PlatformInfo>>)[platform]?.label ?? platform;
}

/** How people write the account: "@jane" on most platforms, "u/jane" on Reddit, the address for sites. */
export function accountHandle(platform: AccountPlatform, username: string): string {
  if (platform === 'reddit') return `u/${username}`;
  if (platform === 'website' || platform === 'other') return username;
  return `@${username}`;
}
