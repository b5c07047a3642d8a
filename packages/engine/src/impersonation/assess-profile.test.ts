import { describe, expect, it } from 'vitest';
import { assessProfile, type CreatorIdentity, type ProfileIdentity } from './assess-profile.ts';

const jane: CreatorIdentity = {
  usernames: ['JaneDoe', 'jane_doe_of'],
  names: ['Jane Doe'],
  ownAccounts: [
    { platform: 'instagram', username: 'janedoe' },
    { platform: 'telegram', username: '@jane_doe_channel' },
  ],
};

function assess(profile: ProfileIdentity, avatarMatchesReference = false, creator = jane) {
  return assessProfile({ creator, profile, avatarMatchesReference });
}

describe('assessProfile', () => {
  it('her picture on a variant handle under her name: an impersonation, confirmed without asking', () => {
    expect(
      assess({ platform: 'x', username: 'janedoe_vip', displayName: 'Jane Doe 💋' }, true),
    ).toEqual({
      isImpersonation: true,
      isOwnAccount: false,
      reasons: ['uses-name', 'uses-picture', 'username-variant'],
      confidence: 0.97,
      matchedName: 'Jane Doe',
    });
  });

  it('her name on a variant handle: an impersonation for her to review', () => {
    const result = assess({
      platform: 'instagram',
      username: 'janedoe.vip',
      displayName: 'Jane Doe',
    });
    expect(result).toMatchObject({
      isImpersonation: true,
      reasons: ['uses-name', 'username-variant'],
      confidence: 0.85,
    });
  });

  it('a look-alike handle alone is not enough', () => {
    for (const username of ['janed0e', 'janedoe_official', 'jane.doe', 'JaneDoe']) {
      const result = assess({ platform: 'x', username, displayName: 'Mike from Ohio' });
      expect(result, username).toMatchObject({
        isImpersonation: false,
        reasons: ['username-variant'],
        confidence: 0,
      });
    }
  });

  it('does not take the handle shown in the name for her name (Reddit shows only the handle)', () => {
    const reddit = assess({
      platform: 'reddit',
      username: 'janedoe_official',
      displayName: 'janedoe_official',
    });
    expect(reddit.isImpersonation).toBe(false);
    const instagram = assess({
      platform: 'instagram',
      username: 'janedoe.vip',
      displayName: 'Mike (@janedoe.vip)',
    });
    expect(instagram.reasons).not.toContain('uses-name');
  });

  it('her face on a picture that is not hers counts as her likeness, never confirmed without asking', () => {
    const profile = { platform: 'x', username: 'janedoe_backup', displayName: 'backup acc' };
    expect(assess(profile).isImpersonation).toBe(false);
    const result = assessProfile({
      creator: jane,
      profile,
      avatarMatchesReference: false,
      avatarShowsHerFace: true,
    });
    expect(result).toMatchObject({
      isImpersonation: true,
      reasons: ['uses-face', 'username-variant'],
      confidence: 0.88,
    });
    // Her own picture is the stronger evidence: then the face is not named twice.
    const both = assessProfile({
      creator: jane,
      profile,
      avatarMatchesReference: true,
      avatarShowsHerFace: true,
    });
    expect(both.reasons).toEqual(['uses-picture', 'username-variant']);
    expect(both.confidence).toBe(0.95);
  });

  it('her picture alone is just under the auto-confirm line', () => {
    const result = assess(
      { platform: 'x', username: 'hot_pics_4u', displayName: 'Hot pics' },
      true,
    );
    expect(result).toMatchObject({
      isImpersonation: true,
      reasons: ['uses-picture'],
      confidence: 0.88,
    });
  });

  it('her name on an unrelated handle is a weak impersonation', () => {
    const result = assess({ platform: 'tiktok', username: 'xyz123', displayName: 'Jane Doe' });
    expect(result).toMatchObject({
      isImpersonation: true,
      reasons: ['uses-name'],
      confidence: 0.6,
    });
  });

  it.each([
    ['exact after folding', 'JANE_DOE', 'exact'],
    ['fancy Unicode letters', '𝓙𝓪𝓷𝓮 𝓓𝓸𝓮', 'exact'],
    ['Cyrillic look-alikes', 'J\u0430n\u0435 D\u043e\u0435', 'exact'],
    ['look-alike digits', 'J4ne D0e', 'exact'],
    ['her name inside a longer one', '✨ Jane Doe VIP ✨', 'exact'],
    ['her username as the name', 'janedoe', 'exact'],
    ['her name glued to an affix', 'JaneDoeOfficial', 'exact'],
    ['one letter off', 'Janne Doe', 'near'],
    ['two letters swapped', 'Jnae Doe', 'near'],
  ])('finds her name: %s (%j)', (_label, displayName, evidence) => {
    const result = assess({ platform: 'x', username: 'janedoe_vip', displayName });
    expect(result.reasons).toContain('uses-name');
    expect(result.confidence).toBe(evidence === 'exact' ? 0.85 : 0.75);
  });

  it.each([
    ['another name', 'Janet Dobson'],
    ['only her first name', 'Jane'],
    ['her name inside a longer word', 'Janedoesit'],
    ['nothing', null],
    ['emoji only', '💋💋'],
  ])('does not find her name: %s', (_label, displayName) => {
    const result = assess({ platform: 'x', username: 'janedoe_vip', displayName });
    expect(result.reasons).not.toContain('uses-name');
    expect(result.isImpersonation).toBe(false);
  });

  it('needs five letters before a one-letter difference counts, four to be found inside a longer name', () => {
    const mia: CreatorIdentity = { usernames: ['mia'], names: ['Mia'] };
    expect(
      assess({ platform: 'x', username: 'mia_official', displayName: 'Mia' }, false, mia).reasons,
    ).toEqual(['uses-name', 'username-variant']);
    expect(
      assess({ platform: 'x', username: 'someone', displayName: 'Mila' }, false, mia)
        .isImpersonation,
    ).toBe(false);
    // A name this short is hers only when it is the whole name shown.
    expect(
      assess({ platform: 'x', username: 'someone', displayName: 'Mia 💋' }, false, mia).reasons,
    ).toEqual(['uses-name']);
    expect(
      assess({ platform: 'x', username: 'someone', displayName: 'Mia Wong' }, false, mia).reasons,
    ).toEqual([]);
  });

  it('recognises every kind of variant handle', () => {
    for (const username of [
      'janedoe_official',
      'realjanedoe',
      'jane.doe',
      'janed0e',
      'jannedoe',
      'jnaedoe',
      'janedoexo',
      'jane_doe_of_backup',
      'janedoe',
    ]) {
      expect(
        assess({ platform: 'x', username, displayName: 'Jane Doe' }).reasons,
        username,
      ).toContain('username-variant');
    }
    expect(
      assess({ platform: 'x', username: 'mikeohio', displayName: 'Jane Doe' }).reasons,
    ).not.toContain('username-variant');
  });

  it('never flags her own accounts, on their own platform', () => {
    expect(
      assess({ platform: 'instagram', username: '@JaneDoe', displayName: 'Jane Doe' }, true),
    ).toEqual({
      isImpersonation: false,
      isOwnAccount: true,
      reasons: [],
      confidence: 0,
      matchedName: null,
    });
    expect(
      assess(
        { platform: 'telegram-preview', username: 'jane_doe_channel', displayName: 'Jane Doe' },
        true,
      ).isOwnAccount,
    ).toBe(true);
    // The same handle on another network is somebody else's account.
    const elsewhere = assess(
      { platform: 'tiktok', username: 'janedoe', displayName: 'Jane Doe' },
      true,
    );
    expect(elsewhere).toMatchObject({
      isImpersonation: true,
      isOwnAccount: false,
      confidence: 0.97,
    });
    // Without a platform we cannot tell, so we do not flag it.
    expect(assess({ username: 'janedoe', displayName: 'Jane Doe' }, true).isOwnAccount).toBe(true);
  });

  it('lowers the confidence of a profile that says it is a fan page or parody', () => {
    const fan = assess(
      {
        platform: 'x',
        username: 'janedoe_vip',
        displayName: 'Jane Doe',
        text: 'Fan account, not affiliated',
      },
      true,
    );
    expect(fan.isImpersonation).toBe(true);
    expect(fan.confidence).toBeLessThan(0.9);
    const parody = assess({
      platform: 'x',
      username: 'janedoe_vip',
      displayName: 'Jane Doe (parody)',
    });
    expect(parody.confidence).toBeLessThan(0.85);
  });
});
