// Per-platform username rules: what creators type, what it becomes, and what is refused and why.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PLATFORMS,
  accountHandle,
  DEFAULT_PROFILE_URL_TEMPLATES,
  identifyAccount,
  profileUrlOf,
  profileUrlTemplateProblem,
  type AccountPlatform,
} from './account-identity.ts';

function accepted(platform: AccountPlatform, typed: string) {
  const result = identifyAccount(platform, typed);
  if (!result.ok) throw new Error(`${platform} "${typed}" was refused: ${result.message}`);
  return result.identity;
}

function refused(platform: AccountPlatform, typed: string): string {
  const result = identifyAccount(platform, typed);
  if (result.ok)
    throw new Error(`${platform} "${typed}" was accepted as ${result.identity.normalizedUsername}`);
  return result.message;
}

type Case = [typed: string, username: string, normalized: string];

function expectAll(
  platform: AccountPlatform,
  cases: Case[],
  profileUrl: (normalized: string) => string,
) {
  for (const [typed, username, normalized] of cases) {
    expect(accepted(platform, typed), typed).toEqual({
      platform,
      username,
      normalizedUsername: normalized,
      profileUrl: profileUrl(normalized),
    });
  }
}

describe('onlyfans', () => {
  it('reads usernames and profile links, ignoring case', () => {
    expectAll(
      'onlyfans',
      [
        ['JaneDoe', 'JaneDoe', 'janedoe'],
        ['@jane.doe_x', 'jane.doe_x', 'jane.doe_x'],
        ['https://onlyfans.com/JaneDoe', 'JaneDoe', 'janedoe'],
        ['onlyfans.com/janedoe/media', 'janedoe', 'janedoe'],
        ['  www.onlyfans.com/jane-doe?ref=1  ', 'jane-doe', 'jane-doe'],
      ],
      (n) => `https://onlyfans.com/${n}`,
    );
  });

  it('refuses other characters, links elsewhere and pages that are not profiles', () => {
    expect(refused('onlyfans', 'jane doe')).toBe(
      'OnlyFans usernames use only letters, numbers, periods, hyphens and underscores.',
    );
    expect(refused('onlyfans', 'onlyfans.com/my/settings')).toMatch(/not a profile/);
    expect(refused('onlyfans', 'https://fansly.com/jane')).toBe(
      'This is a Fansly link. Choose Fansly as the platform, or enter your OnlyFans username.',
    );
    expect(refused('onlyfans', 'https://example.com/jane')).toBe(
      'This is not an OnlyFans link. Enter your OnlyFans username or a link to your profile (onlyfans.com/name).',
    );
    expect(refused('onlyfans', 'a'.repeat(51))).toBe(
      'OnlyFans usernames are at most 50 characters long.',
    );
  });
});

describe('fansly', () => {
  it('reads usernames and links', () => {
    expectAll(
      'fansly',
      [
        ['Jane_Doe', 'Jane_Doe', 'jane_doe'],
        ['@jane-doe', 'jane-doe', 'jane-doe'],
        ['https://fansly.com/JaneDoe/posts', 'JaneDoe', 'janedoe'],
      ],
      (n) => `https://fansly.com/${n}`,
    );
  });

  it('refuses periods and over-long names', () => {
    expect(refused('fansly', 'jane.doe')).toBe(
      'Fansly usernames use only letters, numbers, hyphens and underscores.',
    );
    expect(refused('fansly', 'j'.repeat(31))).toBe(
      'Fansly usernames are at most 30 characters long.',
    );
  });
});

describe('instagram', () => {
  it('reads usernames, @names and links, including stories and mobile links', () => {
    expectAll(
      'instagram',
      [
        ['Jane.Doe', 'Jane.Doe', 'jane.doe'],
        ['@jane_doe', 'jane_doe', 'jane_doe'],
        ['https://www.instagram.com/jane.doe/', 'jane.doe', 'jane.doe'],
        ['instagram.com/Jane.Doe?igsh=abc', 'Jane.Doe', 'jane.doe'],
        ['http://m.instagram.com/jane_doe', 'jane_doe', 'jane_doe'],
        ['https://instagram.com/stories/jane.doe/123', 'jane.doe', 'jane.doe'],
      ],
      (n) => `https://www.instagram.com/${n}/`,
    );
  });

  it('refuses what Instagram does not allow', () => {
    expect(refused('instagram', 'jane-doe')).toBe(
      'Instagram usernames use only letters, numbers, periods and underscores.',
    );
    expect(refused('instagram', '.jane')).toBe(
      'Instagram usernames cannot start or end with a period.',
    );
    expect(refused('instagram', 'jane.')).toBe(
      'Instagram usernames cannot start or end with a period.',
    );
    expect(refused('instagram', 'jane..doe')).toBe(
      'Instagram usernames cannot have two periods in a row.',
    );
    expect(refused('instagram', 'j'.repeat(31))).toBe(
      'Instagram usernames are at most 30 characters long.',
    );
    expect(refused('instagram', 'https://www.instagram.com/p/Cx1234/')).toMatch(/not a profile/);
    expect(refused('instagram', 'https://www.tiktok.com/@jane')).toBe(
      'This is a TikTok link. Choose TikTok as the platform, or enter your Instagram username.',
    );
  });
});

describe('tiktok', () => {
  it('reads @names and profile or video links', () => {
    expectAll(
      'tiktok',
      [
        ['@Jane.Doe', 'Jane.Doe', 'jane.doe'],
        ['jane_doe', 'jane_doe', 'jane_doe'],
        ['https://www.tiktok.com/@jane.doe', 'jane.doe', 'jane.doe'],
        ['tiktok.com/@JaneDoe/video/7312345678901234567', 'JaneDoe', 'janedoe'],
      ],
      (n) => `https://www.tiktok.com/@${n}`,
    );
  });

  it('refuses links without @, trailing periods and lengths outside 2-24', () => {
    expect(refused('tiktok', 'https://www.tiktok.com/discover/jane')).toMatch(
      /not a profile.*tiktok\.com\/@name/,
    );
    expect(refused('tiktok', 'jane.')).toBe('TikTok usernames cannot end with a period.');
    expect(refused('tiktok', 'j')).toBe('TikTok usernames are 2 to 24 characters long.');
    expect(refused('tiktok', 'j'.repeat(25))).toBe('TikTok usernames are 2 to 24 characters long.');
  });
});

describe('x', () => {
  it('reads @names and x.com or twitter.com links', () => {
    expectAll(
      'x',
      [
        ['@JaneDoe', 'JaneDoe', 'janedoe'],
        ['jane_doe', 'jane_doe', 'jane_doe'],
        ['https://x.com/JaneDoe', 'JaneDoe', 'janedoe'],
        ['https://twitter.com/janedoe/status/123', 'janedoe', 'janedoe'],
        ['mobile.twitter.com/janedoe', 'janedoe', 'janedoe'],
      ],
      (n) => `https://x.com/${n}`,
    );
  });

  it('refuses periods, names over 15 characters and non-profile pages', () => {
    expect(refused('x', 'jane.doe')).toBe('X usernames use only letters, numbers and underscores.');
    expect(refused('x', 'j'.repeat(16))).toBe('X usernames are at most 15 characters long.');
    expect(refused('x', 'https://x.com/i/flow/login')).toMatch(/not a profile/);
    expect(refused('x', 'https://x.com/search?q=jane')).toMatch(/not a profile/);
  });
});

describe('reddit', () => {
  it('reads u/name, /u/name, user/name and profile links on every Reddit host', () => {
    expectAll(
      'reddit',
      [
        ['u/Jane_Doe', 'Jane_Doe', 'jane_doe'],
        ['/u/jane-doe', 'jane-doe', 'jane-doe'],
        ['U/JaneDoe', 'JaneDoe', 'janedoe'],
        ['user/janedoe', 'janedoe', 'janedoe'],
        ['JaneDoe', 'JaneDoe', 'janedoe'],
        ['https://www.reddit.com/user/JaneDoe/', 'JaneDoe', 'janedoe'],
        ['https://old.reddit.com/u/janedoe/submitted', 'janedoe', 'janedoe'],
      ],
      (n) => `https://www.reddit.com/user/${n}/`,
    );
  });

  it('refuses subreddits and lengths outside 3-20', () => {
    expect(refused('reddit', 'https://www.reddit.com/r/pics')).toBe(
      'This is a link to a subreddit, not a user. Use the link to your profile, such as reddit.com/user/name.',
    );
    expect(refused('reddit', 'u/ab')).toBe('Reddit usernames are 3 to 20 characters long.');
    expect(refused('reddit', 'jane.doe')).toBe(
      'Reddit usernames use only letters, numbers, hyphens and underscores.',
    );
  });
});

describe('telegram', () => {
  it('reads @names and t.me links, including the web preview', () => {
    expectAll(
      'telegram',
      [
        ['@JaneDoe', 'JaneDoe', 'janedoe'],
        ['jane_doe_vip', 'jane_doe_vip', 'jane_doe_vip'],
        ['https://t.me/JaneDoe', 'JaneDoe', 'janedoe'],
        ['t.me/s/janedoe', 'janedoe', 'janedoe'],
        ['https://telegram.me/janedoe', 'janedoe', 'janedoe'],
      ],
      (n) => `https://t.me/${n}`,
    );
  });

  it("refuses invite links and names that break Telegram's rules", () => {
    expect(refused('telegram', 'https://t.me/+AbCdEf123')).toMatch(
      /^Invite links cannot be checked/,
    );
    expect(refused('telegram', 'https://t.me/joinchat/AbCdEf')).toMatch(
      /^Invite links cannot be checked/,
    );
    expect(refused('telegram', 'jane')).toBe('Telegram usernames are 5 to 32 characters long.');
    expect(refused('telegram', '1janedoe')).toBe('Telegram usernames start with a letter.');
    expect(refused('telegram', 'janedoe_')).toBe(
      'Telegram usernames cannot end with an underscore.',
    );
  });
});

describe('youtube', () => {
  it('reads handles and handle links', () => {
    expectAll(
      'youtube',
      [
        ['@JaneDoe', 'JaneDoe', 'janedoe'],
        ['jane.doe-official', 'jane.doe-official', 'jane.doe-official'],
        ['https://www.youtube.com/@JaneDoe', 'JaneDoe', 'janedoe'],
        ['https://m.youtube.com/@janedoe/videos', 'janedoe', 'janedoe'],
      ],
      (n) => `https://www.youtube.com/@${n}`,
    );
  });

  it('asks for the handle instead of a channel id or a video', () => {
    expect(refused('youtube', 'https://www.youtube.com/channel/UC1234567890')).toMatch(
      /^Use your channel's handle/,
    );
    expect(refused('youtube', 'https://youtu.be/dQw4w9WgXcQ')).toMatch(
      /^Use your channel's handle/,
    );
    expect(refused('youtube', '@ab')).toBe('YouTube usernames are 3 to 30 characters long.');
  });
});

describe('website', () => {
  it('normalises the address: https by default, lower-case host, no fragment; same site with or without www or a final slash', () => {
    expect(accepted('website', 'JaneDoe.com')).toEqual({
      platform: 'website',
      username: 'janedoe.com',
      normalizedUsername: 'janedoe.com',
      profileUrl: 'https://janedoe.com/',
    });
    expect(accepted('website', 'http://WWW.JaneDoe.com/About/#bio')).toEqual({
      platform: 'website',
      username: 'www.janedoe.com/About',
      normalizedUsername: 'janedoe.com/About',
      profileUrl: 'http://www.janedoe.com/About/',
    });
    expect(accepted('website', 'https://janedoe.com:8443/links?ref=bio').normalizedUsername).toBe(
      'janedoe.com:8443/links?ref=bio',
    );
    expect(accepted('website', 'https://bücher.example/').normalizedUsername).toBe(
      'xn--bcher-kva.example',
    );
  });

  it('refuses what is not a web address, or is a platform profile', () => {
    expect(refused('website', 'my site')).toBe(
      'Enter the address of your website, such as example.com.',
    );
    expect(refused('website', 'janedoe')).toBe(
      'Enter the full address of your website, such as example.com.',
    );
    expect(refused('website', 'ftp://janedoe.com/')).toBe(
      'Enter an http or https address of your website, such as example.com.',
    );
    expect(refused('website', 'https://user:pw@janedoe.com/')).toBe(
      'Enter the address without a user name or password.',
    );
    expect(refused('website', 'https://instagram.com/janedoe')).toBe(
      'This is an Instagram link. Choose Instagram as the platform.',
    );
  });
});

describe('other', () => {
  it('takes a profile address on any other platform', () => {
    expect(accepted('other', 'https://linktr.ee/JaneDoe')).toEqual({
      platform: 'other',
      username: 'linktr.ee/JaneDoe',
      normalizedUsername: 'linktr.ee/JaneDoe',
      profileUrl: 'https://linktr.ee/JaneDoe',
    });
    expect(refused('other', 'JaneDoe')).toBe(
      'Enter the full address of your profile, such as https://site.example/name.',
    );
    expect(refused('other', 'https://t.me/janedoe')).toBe(
      'This is a Telegram link. Choose Telegram as the platform.',
    );
  });
});

describe('every platform', () => {
  it('asks for something when nothing is typed', () => {
    for (const platform of ACCOUNT_PLATFORMS) expect(refused(platform, '   ')).toMatch(/^Enter/);
  });

  it('refuses very long input', () => {
    expect(refused('website', `https://example.com/${'a'.repeat(2000)}`)).toBe(
      'This is longer than 2000 characters.',
    );
  });
});

describe('profile URL templates', () => {
  it('builds profile URLs from the given templates, so tests can point them at a stand-in', () => {
    const templates = {
      ...DEFAULT_PROFILE_URL_TEMPLATES,
      onlyfans: 'http://127.0.0.1:4300/of/{username}',
    };
    expect(profileUrlOf('onlyfans', 'jane.doe', templates)).toBe(
      'http://127.0.0.1:4300/of/jane.doe',
    );
    const result = identifyAccount('onlyfans', '@Jane.Doe', templates);
    expect(result.ok && result.identity.profileUrl).toBe('http://127.0.0.1:4300/of/jane.doe');
  });

  it('checks templates', () => {
    expect(profileUrlTemplateProblem('https://example.com/{username}')).toBeUndefined();
    expect(profileUrlTemplateProblem('https://example.com/')).toBe('must contain {username}');
    expect(profileUrlTemplateProblem('/relative/{username}')).toBe('must be an absolute URL');
    expect(profileUrlTemplateProblem('ftp://example.com/{username}')).toBe(
      'must be an http or https URL',
    );
  });
});

describe('accountHandle', () => {
  it('writes accounts the way each platform does', () => {
    expect(accountHandle('instagram', 'jane.doe')).toBe('@jane.doe');
    expect(accountHandle('reddit', 'JaneDoe')).toBe('u/JaneDoe');
    expect(accountHandle('website', 'janedoe.com/about')).toBe('janedoe.com/about');
  });
});
