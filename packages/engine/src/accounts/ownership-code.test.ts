// Ownership codes: their shape, and finding them in a bio however it was typed.
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, generateOwnershipCode, showsOwnershipCode } from './ownership-code.ts';

describe('generateOwnershipCode', () => {
  it('gives prefix-XXXX-XXXX of unambiguous characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateOwnershipCode('shark')));
    expect(codes.size).toBe(200);
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^shark-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });
});

describe('showsOwnershipCode', () => {
  const code = 'shark-7KQ2-M9XD';

  it.each([
    'Model & creator. shark-7KQ2-M9XD',
    'verify:shark-7KQ2-M9XD!',
    'SHARK-7kq2-m9xd',
    'shark\u20137KQ2\u2013M9XD',
    'shark 7KQ2 M9XD',
    'shark7KQ2M9XD',
  ])('finds it in "%s"', (text) => {
    expect(showsOwnershipCode([text], code)).toBe(true);
  });

  it.each([
    'shark-7KQ2-M9XE',
    'shark-7KQ2',
    'xshark-7KQ2-M9XD',
    'shark-7KQ2-M9XDZ',
    'shark--7KQ2-M9XD',
    '',
  ])('does not find it in "%s"', (text) => {
    expect(showsOwnershipCode([text], code)).toBe(false);
  });

  it('looks in every text given and skips missing ones', () => {
    expect(showsOwnershipCode([null, 'title', 'bio: shark-7KQ2-M9XD'], code)).toBe(true);
    expect(showsOwnershipCode([null, undefined], code)).toBe(false);
  });
});
