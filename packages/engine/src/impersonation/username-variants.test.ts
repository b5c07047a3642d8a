import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HANDLE_RULES, isValidHandle, normalizeHandle } from './handle-rules.ts';
import { DEFAULT_MAX_VARIANTS, handleWords, usernameVariants } from './username-variants.ts';

const PLATFORMS = [undefined, ...Object.keys(HANDLE_RULES), 'telegram-preview', 'twitter'];

function names(username: string, platform?: string, max?: number): string[] {
  return usernameVariants(username, { platform, max }).map((variant) => variant.username);
}

describe('usernameVariants', () => {
  it('puts the separators and the affixes fake accounts use first', () => {
    expect(names('JaneDoe', 'instagram', 12)).toEqual([
      'jane_doe',
      'jane.doe',
      'janedoe_official',
      'janedoe.official',
      'janedoe.vip',
      'janedoeofficial',
      'janedoe_vip',
      'realjanedoe',
      'janedoevip',
      'janedoe_',
      'real_janedoe',
      'real.janedoe',
    ]);
  });

  it('covers separators, affixes, look-alikes and typos, each with a reason', () => {
    const variants = usernameVariants('jane_doe', { platform: 'instagram', max: Infinity });
    const byName = new Map(variants.map((variant) => [variant.username, variant]));
    expect(byName.get('janedoe')).toMatchObject({ kind: 'separator', reason: 'words joined' });
    expect(byName.get('jane.doe')?.kind).toBe('separator');
    expect(byName.get('jane__doe')?.kind).toBe('separator');
    expect(byName.get('jane_doe_official')).toMatchObject({
      kind: 'affix',
      reason: 'suffix "_official"',
    });
    expect(byName.get('jane_doe.vip')?.kind).toBe('affix');
    expect(byName.get('itsjane_doe')?.kind).toBe('affix');
    expect(byName.get('jane_doe_backup')?.kind).toBe('affix');
    expect(byName.get('jane_doe2')?.kind).toBe('affix');
    expect(byName.get('jane_doexo')?.kind).toBe('affix');
    expect(byName.get('jane_d0e')).toMatchObject({
      kind: 'look-alike',
      reason: 'look-alike "0" for "o"',
    });
    expect(byName.get('jan3_doe')?.kind).toBe('look-alike');
    expect(byName.get('j4ne_doe')?.kind).toBe('look-alike');
    expect(byName.get('jane_doee')).toMatchObject({ kind: 'typo', reason: 'typo: "e" doubled' });
    expect(byName.get('jane_ode')?.kind).toBe('typo');
    expect(byName.get('jan_doe')?.kind).toBe('typo');
    expect(byName.get('jane_soe')).toMatchObject({
      kind: 'typo',
      reason: 'typo: "s" for "d" (neighbouring key)',
    });
  });

  it('knows the look-alikes that fool readers: l/1/i, rn/m, vv/w, s/5', () => {
    const lily = names('lily_may', 'x', Infinity);
    expect(lily).toEqual(expect.arrayContaining(['iily_may', '1ily_may', 'lliy_may', 'lily_rnay']));
    expect(names('emma_rose', 'x', Infinity)).toEqual(
      expect.arrayContaining(['ernma_rose', 'emrna_rose', 'ernrna_rose', 'emma_ro5e']),
    );
    expect(names('wendy', 'x', Infinity)).toContain('vvendy');
    expect(names('vvendy', 'x', Infinity)).toContain('wendy');
    expect(names('s0phie', 'x', Infinity)).toContain('sophie');
  });

  it('keeps to what each platform accepts', () => {
    // X has no periods and 15 characters at most.
    const x = names('jane.doe', 'x', Infinity);
    expect(x[0]).toBe('jane_doe');
    expect(x).toContain('janedoeofficial');
    expect(x.some((name) => name.includes('.') || name.length > 15)).toBe(false);
    // Bluesky handles are hyphenated names on bsky.social.
    const bluesky = names('JaneDoe', 'bluesky', 5);
    expect(bluesky[0]).toBe('jane-doe.bsky.social');
    expect(bluesky.every((name) => /^[a-z0-9-]{3,18}\.bsky\.social$/.test(name))).toBe(true);
    expect(names('janedoe.bsky.social', 'bluesky', 3)).toEqual(names('janedoe', 'bluesky', 3));
    // Telegram: a letter first, never a final underscore, five characters at least.
    expect(
      names('jane_doe', 'telegram-preview', Infinity).some((name) => /_$|^[^a-z]/.test(name)),
    ).toBe(false);
  });

  it('counts handles Facebook treats as one (periods ignored) once, and never the creator’s own', () => {
    const facebook = names('jane.doe', 'facebook', Infinity);
    expect(facebook).not.toContain('janedoe');
    expect(facebook).not.toContain('jane.doe');
    const keys = facebook.map((name) => normalizeHandle('facebook', name));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses the platform’s spelling of a handle it cannot take as typed, and a custom Bluesky domain', () => {
    expect(names('Jane Doe', 'instagram', 1)).toEqual(['jane_doe']);
    expect(names('janedoe.com', 'bluesky', 1)).toEqual(['janedoe.bsky.social']);
  });

  it('leaves typos and look-alikes out for short names, where they would be other people', () => {
    const kim = usernameVariants('kim', { max: Infinity });
    expect(kim.length).toBeGreaterThan(0);
    expect(kim.every((variant) => variant.kind === 'affix')).toBe(true);
  });

  it('is bounded, deterministic and empty for nothing usable', () => {
    expect(usernameVariants('janedoe')).toHaveLength(DEFAULT_MAX_VARIANTS);
    expect(usernameVariants('janedoe', { max: 0 })).toEqual([]);
    expect(usernameVariants('janedoe', { max: 7 })).toEqual(
      usernameVariants('janedoe', { max: 7 }),
    );
    expect(usernameVariants('@💋', {})).toEqual([]);
    expect(usernameVariants('   ', { platform: 'x' })).toEqual([]);
  });

  it('splits handles into words at separators and inner capitals', () => {
    expect(handleWords('JaneDoe_xo.Vip')).toEqual(['jane', 'doe', 'xo', 'vip']);
    expect(handleWords('Zoë-Kim')).toEqual(['zoe', 'kim']);
  });
});

describe('usernameVariants properties', () => {
  const platform = fc.constantFrom(...PLATFORMS);
  const username = fc.oneof(
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9._-]{0,24}$/),
    fc.stringMatching(/^@?[a-z]{2,8}(?:[._ -][a-z0-9]{1,8}){0,2}$/),
    fc.string({ maxLength: 30 }),
  );
  const max = fc.oneof(fc.integer({ min: 0, max: 80 }), fc.constant(Infinity));

  it('gives valid, distinct handles that are never the input, at most max of them', () => {
    fc.assert(
      fc.property(username, platform, max, (input, site, limit) => {
        const variants = usernameVariants(input, { platform: site, max: limit });
        expect(variants.length).toBeLessThanOrEqual(limit);
        const own = normalizeHandle(site, input);
        const keys = variants.map((variant) => normalizeHandle(site, variant.username));
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).not.toContain(own);
        for (const variant of variants) {
          expect(isValidHandle(site, variant.username), `${site}: ${variant.username}`).toBe(true);
          expect(variant.username).toBe(variant.username.toLowerCase());
          expect(variant.reason).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the first n of the full list when asked for n', () => {
    fc.assert(
      fc.property(username, platform, fc.integer({ min: 1, max: 30 }), (input, site, limit) => {
        const all = usernameVariants(input, { platform: site, max: Infinity });
        expect(usernameVariants(input, { platform: site, max: limit })).toEqual(
          all.slice(0, limit),
        );
      }),
      { numRuns: 100 },
    );
  });
});
