// The upgrade a subscriber's usage suggests: the first limit of her plan she has reached, and the next
// plan with more of it (the catalog shipped in config/plans.json).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import { usageUpgradeSuggestion } from './entitlements.ts';

const catalog = loadPlanCatalog(loadConfig({}, 'cli').plansFile);
const GB = 1024 ** 3;

describe('usageUpgradeSuggestion', () => {
  it('says nothing while she has room everywhere', () => {
    expect(
      usageUpgradeSuggestion(catalog, 'standard', {
        usernames: 1,
        searchTerms: 9,
        whitelistEntries: 0,
        referenceStorageBytes: 1 * GB,
      }),
    ).toBeNull();
  });

  it('names the limit she reached and the next plan that has more', () => {
    expect(usageUpgradeSuggestion(catalog, 'standard', { usernames: 2, searchTerms: 0 })).toBe(
      'You use all 2 usernames of Standard. Plus gives you 5 usernames.',
    );
    expect(usageUpgradeSuggestion(catalog, 'plus', { usernames: 1, searchTerms: 30 })).toBe(
      'You use all 30 search terms of Plus. Premium gives you 100 search terms.',
    );
  });

  it('warns about storage from 90 % of it', () => {
    expect(
      usageUpgradeSuggestion(catalog, 'standard', { referenceStorageBytes: 4 * GB }),
    ).toBeNull();
    expect(usageUpgradeSuggestion(catalog, 'standard', { referenceStorageBytes: 4.6 * GB })).toBe(
      'You use 4.6 GB of the 5 GB of reference storage in Standard. Plus gives you 20 GB of reference storage.',
    );
  });

  it('has nothing to suggest on the highest plan, or to a free user (the plans page is her next step)', () => {
    expect(
      usageUpgradeSuggestion(catalog, 'premium', { usernames: 15, searchTerms: 100 }),
    ).toBeNull();
    expect(usageUpgradeSuggestion(catalog, 'free', { usernames: 1 })).toBeNull();
  });
});
