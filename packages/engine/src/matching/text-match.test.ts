import { describe, expect, it } from 'vitest';
import {
  compactName,
  findNameInWords,
  foldConfusables,
  matchWords,
  mentionsCreator,
} from './text-match.ts';

const jane = { usernames: ['@Jane_Doe'], terms: ['jane doe leaked'] };

describe('foldConfusables', () => {
  it('folds case, accents, full-width and mathematical letters, and other scripts that look Latin', () => {
    expect(foldConfusables('Zoë')).toBe('zoe');
    expect(foldConfusables('Ｊａｎｅ')).toBe('jane');
    expect(foldConfusables('𝓙𝓪𝓷𝓮 𝐃𝐨𝐞')).toBe('jane doe');
    // Cyrillic а, е, о and Greek ο: the same letters to a reader.
    expect(foldConfusables('J\u0430n\u0435 D\u043e\u03bfe')).toBe('jane dooe');
    expect(foldConfusables('ᴊᴀɴᴇ ᴅᴏᴇ')).toBe('jane doe');
    expect(foldConfusables('🅙🅐🅝🅔 🅳🅾🅴')).toBe('jane doe');
  });

  it('drops invisible characters and emoji, and splits words run together in camel case', () => {
    expect(foldConfusables('Ja\u200bne\u200d Doe 💋🔥')).toBe('jane doe');
    expect(foldConfusables('JaneDoe')).toBe('jane doe');
    expect(foldConfusables('JANEDoe')).toBe('jane doe');
  });
});

describe('matchWords and compactName', () => {
  it('split at every separator and fold look-alike digits', () => {
    expect(matchWords('@J4ne_D0e.vip-2024')).toEqual(['jane', 'doe', 'vlp', '2o2a']);
    expect(compactName('jane doe')).toBe(compactName('@Jane_Doe'));
    expect(compactName('emma')).toBe(compactName('ernrna'));
  });
});

describe('findNameInWords', () => {
  it('finds a name only as whole words, or glued to a known affix', () => {
    expect(findNameInWords(['jane', 'doe', 'leaks'], 'janedoe')).toBe('words');
    expect(findNameInWords(['janedoevlp'], 'janedoe')).toBe('affixed');
    expect(findNameInWords(['realjanedoe'], 'janedoe')).toBe('affixed');
    expect(findNameInWords(['janedoes'], 'janedoe')).toBeNull();
    expect(findNameInWords(['annabelle'], 'anna')).toBeNull();
    expect(findNameInWords([], 'anna')).toBeNull();
    expect(findNameInWords(['anna'], '')).toBeNull();
  });
});

describe('mentionsCreator', () => {
  it.each([
    'Jane_Doe leaked pics',
    'jane.doe onlyfans',
    'jane-doe mega folder',
    'JANE DOE full set',
    'JaneDoe new video',
    'janedoe',
    'by @jane_doe',
    '#JaneDoe #leaks',
    'J4ne D0e 🔥 pack',
    'Jаnе Dое (Cyrillic letters)',
    '𝓙𝓪𝓷𝓮𝓓𝓸𝓮 onlyfans',
    'janedoeleaks free',
  ])('finds the username in %j', (text) => {
    const result = mentionsCreator(text, jane);
    expect(result.matched).toBe(true);
    expect(result.terms).toContain('@Jane_Doe');
  });

  it.each(['Janet Doe', 'jane does it', 'janedoes', 'mary jane doerr', 'Jane went home', ''])(
    'does not find her in %j',
    (text) => {
      expect(mentionsCreator(text, jane)).toEqual({ matched: false, terms: [], score: 0 });
    },
  );

  it('respects word boundaries: anna is not found in annabelle', () => {
    const creator = { usernames: ['anna'], terms: [] };
    expect(mentionsCreator('annabelle leaked', creator).matched).toBe(false);
    expect(mentionsCreator('hannah', creator).matched).toBe(false);
    expect(mentionsCreator('Anna leaked', creator).matched).toBe(true);
    expect(mentionsCreator('anna_x', creator).matched).toBe(true);
  });

  it('does not find a short name glued to another word', () => {
    const creator = { usernames: ['kim'], terms: [] };
    expect(mentionsCreator('kimvip', creator).matched).toBe(false);
    expect(mentionsCreator('kim vip', creator).matched).toBe(true);
  });

  it('scores a username above a generic term, and both together above either', () => {
    const creator = { usernames: ['janedoe'], terms: ['leaked', 'jane doe leaked'] };
    const username = mentionsCreator('janedoe pics', creator).score;
    const generic = mentionsCreator('leaked pics', creator).score;
    const both = mentionsCreator('janedoe leaked pics', creator).score;
    expect(generic).toBeGreaterThan(0);
    expect(username).toBeGreaterThan(generic);
    expect(both).toBeGreaterThan(username);
    expect(both).toBeLessThan(1);
  });

  it('scores a multi-word term above a one-word term, and a short username lower', () => {
    const creator = { usernames: ['mia'], terms: ['beach', 'mia beach set'] };
    const oneWord = mentionsCreator('beach', creator);
    const phrase = mentionsCreator('Mia Beach set', creator);
    expect(phrase.terms).toEqual(['mia', 'beach', 'mia beach set']);
    expect(phrase.score).toBeGreaterThan(oneWord.score);
    expect(mentionsCreator('mia', creator).score).toBeLessThan(
      mentionsCreator('janedoe', { usernames: ['janedoe'], terms: [] }).score,
    );
  });

  it('lists a term once when it is a username written another way', () => {
    const result = mentionsCreator('Jane Doe', { usernames: ['jane_doe'], terms: ['jane doe'] });
    expect(result.terms).toEqual(['jane_doe']);
  });

  it('ignores empty needles and reads u/ prefixes', () => {
    expect(mentionsCreator('anything', { usernames: ['', '@'], terms: ['  '] }).matched).toBe(
      false,
    );
    expect(
      mentionsCreator('posted by janedoe', { usernames: ['u/janedoe'], terms: [] }).terms,
    ).toEqual(['u/janedoe']);
  });

  it('handles long page text', () => {
    const text = `${'lorem ipsum dolor '.repeat(20_000)} Jane Doe ${'sit amet '.repeat(20_000)}`;
    expect(mentionsCreator(text, jane).matched).toBe(true);
  });
});
