import { describe, expect, it } from 'vitest';
import { FREE_SCAN_LIMITS } from '#server/features/scans/scan-settings.ts';
import {
  networkOfUrl,
  templateProfileTask,
  variantChecksOn,
  withoutAvatar,
  type ProfileOnPage,
} from './unknown-profile.ts';

const network = {
  ...networkOfUrl('http://127.0.0.1:4123/@lunafox_official'),
  profileUrlTemplate: 'http://127.0.0.1:4123/@{username}',
};

/** The set-up as the scan repository reads it, with only what these helpers use. */
const setup = {
  accounts: [
    { platform: 'instagram', normalizedUsername: 'lunafox' },
    { platform: 'x', normalizedUsername: 'lunafox' },
    { platform: 'tiktok', normalizedUsername: 'luna.fox.art' },
  ],
  name: 'Luna Fox',
  terms: [],
  references: [],
} as unknown as Parameters<typeof variantChecksOn>[1];

describe('networkOfUrl', () => {
  it('names a network by its site key', () => {
    expect(networkOfUrl('http://127.0.0.1:4123/@jane')).toEqual({
      key: '127.0.0.1:4123',
      name: '127.0.0.1:4123',
    });
    expect(networkOfUrl('https://m.chatter.example.com/u/jane').key).toBe('example.com');
  });
});

describe('templateProfileTask', () => {
  it('carries the profile address instead of a catalog site, keyed apart from catalog tasks', () => {
    const task = templateProfileTask(network, { username: 'LunaFox_', reason: 'suffix "_"' });
    expect(task).toEqual({
      stage: 'profile',
      key: 'net:127.0.0.1:4123:lunafox_',
      input: {
        siteId: null,
        username: 'LunaFox_',
        reason: 'suffix "_"',
        profileUrlTemplate: 'http://127.0.0.1:4123/@{username}',
        siteName: '127.0.0.1:4123',
      },
    });
  });
});

describe('variantChecksOn', () => {
  it('checks each of her usernames and as many variants of each as the scan allows, once each', () => {
    const tasks = variantChecksOn(
      network,
      setup,
      { trigger: 'manual' },
      { variantsPerUsername: 5 },
    );
    const usernames = tasks.map((t) => (t.input as { username: string }).username);
    expect(usernames).toContain('lunafox');
    expect(usernames).toContain('luna.fox.art');
    expect(usernames).toContain('lunafox_official');
    // Two distinct usernames, each with itself and five variants.
    expect(tasks).toHaveLength(12);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(tasks.length);
  });

  it('keeps to the free scan’s limit in onboarding', () => {
    const tasks = variantChecksOn(
      network,
      setup,
      { trigger: 'onboarding' },
      { variantsPerUsername: 40 },
    );
    expect(tasks).toHaveLength(2 * (1 + FREE_SCAN_LIMITS.variantsPerUsername));
  });
});

describe('withoutAvatar', () => {
  it('leaves out every address of the profile’s avatar, and only those', () => {
    const profile: ProfileOnPage = {
      isAboutProfiles: true,
      avatarUrls: ['http://127.0.0.1:4123/avatars/a.jpg', 'https://cdn.example/og/a.jpg'],
      result: {},
    };
    const media = [
      'http://127.0.0.1:4123/avatars/a.jpg',
      'https://cdn.example/og/a.jpg?utm_source=x',
      'http://127.0.0.1:4123/media/post-1.jpg',
    ];
    expect(withoutAvatar(media, profile)).toEqual(['http://127.0.0.1:4123/media/post-1.jpg']);
    expect(withoutAvatar(media, null)).toEqual(media);
  });
});
