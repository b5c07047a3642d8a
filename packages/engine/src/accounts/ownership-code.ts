// The short code a creator places in a profile's bio to prove the account is theirs
// ("shark-7KQ2-M9XD"), and how a fetched page is searched for it.
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L, 5/S or 8/B: codes are read off a screen and typed into a phone. */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXYZ2345679';

/** `prefix-XXXX-XXXX`, from a cryptographic random source. */
export function generateOwnershipCode(prefix: string): string {
  const group = () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${prefix}-${group()}-${group()}`;
}

/** Hyphens and dashes a phone keyboard or an editor may put in place of "-", or spaces. */
const SEPARATOR = '[\\s\\-\u2010\u2011\u2012\u2013\u2014\u2212]?';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern that finds the code in text whatever its case and whichever dash was used. */
export function ownershipCodePattern(code: string): RegExp {
  const parts = code.split('-').map(escapeRegExp);
  return new RegExp(`(?<![A-Za-z0-9])${parts.join(SEPARATOR)}(?![A-Za-z0-9])`, 'iu');
}

/** Whether any of the texts (page text, title, description) shows the code. */
export function showsOwnershipCode(
  texts: readonly (string | null | undefined)[],
  code: string,
): boolean {
  const pattern = ownershipCodePattern(code);
  return texts.some((text) => typeof text === 'string' && pattern.test(text));
}
