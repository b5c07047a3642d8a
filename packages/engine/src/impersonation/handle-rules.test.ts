import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HANDLE_PLATFORMS, identifyAccount } from '../accounts/account-identity.ts';
import {
  canonicalPlatform,
  handleFromLabel,
  handleLabel,
  isValidHandle,
  normalizeHandle,
} from './handle-rules.ts';

describe('handle rules', () => {
  it('agree with the Accounts screen on every platform both know', () => {
    // Text the Accounts screen reads as a link ("www.x", "x.com") is not a handle for either.
    const link =
      /^www\.|(?:^|\.)(?:onlyfans\.com|fansly\.com|instagram\.com|instagr\.am|tiktok\.com|x\.com|twitter\.com|reddit\.com|t\.me|telegram\.me|telegram\.dog|youtube\.com|youtu\.be)$/i;
    const handle = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._-]{0,55}$/).filter((name) => !link.test(name)),
      fc.constantFrom('jane.doe', 'jane..doe', '.jane', 'jane.', 'jane_', '_jane', '1jane', 'ab'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...HANDLE_PLATFORMS), handle, (platform, name) => {
        expect(isValidHandle(platform, name), `${platform}: ${JSON.stringify(name)}`).toBe(
          identifyAccount(platform, name).ok,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('maps catalog site ids and other spellings to platforms', () => {
    expect(canonicalPlatform('telegram-preview')).toBe('telegram');
    expect(canonicalPlatform('Twitter')).toBe('x');
    expect(canonicalPlatform('bluesky')).toBe('bluesky');
    expect(canonicalPlatform('pornhub')).toBeUndefined();
    expect(canonicalPlatform(undefined)).toBeUndefined();
  });

  it('reads Bluesky handles on bsky.social and on custom domains', () => {
    expect(isValidHandle('bluesky', 'jane-doe.bsky.social')).toBe(true);
    expect(isValidHandle('bluesky', '@Jane-Doe.bsky.social')).toBe(true);
    expect(isValidHandle('bluesky', '-jane.bsky.social')).toBe(false);
    expect(isValidHandle('bluesky', 'jane_doe.bsky.social')).toBe(false);
    expect(isValidHandle('bluesky', 'averyveryverylongname.bsky.social')).toBe(false);
    expect(isValidHandle('bluesky', 'janedoe.com')).toBe(true);
    expect(isValidHandle('bluesky', 'janedoe')).toBe(false);
    expect(handleLabel('bluesky', '@JaneDoe.bsky.social')).toBe('JaneDoe');
    expect(handleLabel('bluesky', 'jane.doe.com')).toBe('jane.doe');
    expect(handleFromLabel('bluesky', 'jane')).toBe('jane.bsky.social');
    expect(normalizeHandle('bluesky', 'Jane')).toBe('jane.bsky.social');
    expect(normalizeHandle('bluesky', 'jane.com')).toBe('jane.com');
  });

  it('reads Facebook handles: periods and case do not count, five characters, not all digits', () => {
    expect(normalizeHandle('facebook', 'Jane.Doe')).toBe(normalizeHandle('facebook', 'janedoe'));
    expect(isValidHandle('facebook', 'jane.doe')).toBe(true);
    expect(isValidHandle('facebook', 'jane')).toBe(false);
    expect(isValidHandle('facebook', '1234567')).toBe(false);
    expect(isValidHandle('facebook', 'jane_doe')).toBe(false);
  });

  it('takes a leading @ or u/ and ignores case everywhere', () => {
    expect(normalizeHandle('reddit', 'u/JaneDoe')).toBe('janedoe');
    expect(normalizeHandle('instagram', '@Jane.Doe')).toBe('jane.doe');
    expect(isValidHandle('x', '@jane_doe')).toBe(true);
    expect(isValidHandle(undefined, 'jane.doe-x_y')).toBe(true);
    expect(isValidHandle(undefined, 'jane doe')).toBe(false);
  });
});
