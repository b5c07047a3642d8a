// The platforms of step 1, as the creator reads them, with a hint of what to type for each.
import { ACCOUNT_PLATFORMS, type AccountPlatform } from '@shark/contracts/accounts.ts';

export const PLATFORM_OPTIONS: { value: AccountPlatform; label: string; placeholder: string }[] =
  ACCOUNT_PLATFORMS.map((value) => {
    switch (value) {
      case 'onlyfans':
        return { value, label: 'OnlyFans', placeholder: '@username or onlyfans.com/username' };
      case 'fansly':
        return { value, label: 'Fansly', placeholder: '@username or fansly.com/username' };
      case 'instagram':
        return { value, label: 'Instagram', placeholder: '@username or instagram.com/username' };
      case 'tiktok':
        return { value, label: 'TikTok', placeholder: '@username or tiktok.com/@username' };
      case 'x':
        return { value, label: 'X (Twitter)', placeholder: '@username or x.com/username' };
      case 'reddit':
        return { value, label: 'Reddit', placeholder: 'u/username' };
      case 'telegram':
        return { value, label: 'Telegram', placeholder: '@channel or t.me/channel' };
      case 'youtube':
        return { value, label: 'YouTube', placeholder: '@handle or youtube.com/@handle' };
      case 'website':
        return { value, label: 'Own website', placeholder: 'yoursite.com' };
      case 'other':
        return { value, label: 'Other', placeholder: 'Link to the profile' };
    }
  });

export function platformLabel(platform: string): string {
  return PLATFORM_OPTIONS.find((option) => option.value === platform)?.label ?? platform;
}
