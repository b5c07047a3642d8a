// Platform names and handles as the Accounts screen writes them.
import { ACCOUNT_PLATFORMS } from '@shark/contracts/accounts.ts';
import { describe, expect, it } from 'vitest';
import { accountHandle, PLATFORM_OPTIONS, PLATFORMS, platformLabel } from './platforms.ts';

describe('platforms', () => {
  it('offers every platform of the contract, in its order, each with a label and code instructions', () => {
    expect(PLATFORM_OPTIONS.map((option) => option.value)).toEqual([...ACCOUNT_PLATFORMS]);
    for (const platform of ACCOUNT_PLATFORMS) {
      expect(PLATFORMS[platform].label).not.toBe('');
      expect(PLATFORMS[platform].codePlace).toMatch(/code/);
    }
    expect(platformLabel('x')).toBe('X (Twitter)');
  });

  it('writes handles the way each platform does', () => {
    expect(accountHandle('onlyfans', 'Jane')).toBe('@Jane');
    expect(accountHandle('reddit', 'Jane')).toBe('u/Jane');
    expect(accountHandle('website', 'jane.example/links')).toBe('jane.example/links');
    expect(accountHandle('other', 'linktr.ee/jane')).toBe('linktr.ee/jane');
  });
});
