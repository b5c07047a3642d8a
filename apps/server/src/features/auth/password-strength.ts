// Refuses passwords an attacker would try first: common and breached ones, repeats, sequences, keyboard
// rows, dates, and the user's own e-mail or name. zxcvbn-ts estimates the guesses, offline.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's score 2 means an estimated 10^6 guesses or more: out of reach of online guessing under our
 * rate limits. The common dictionary holds about 49,000 passwords from breaches, matched also reversed,
 * in l33t spelling and with digits or symbols around them.
 */
export const MIN_PASSWORD_SCORE = 2;

let checker: ZxcvbnFactory | undefined;
const zxcvbn = () => (checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

type Warning = NonNullable<ZxcvbnResult['feedback']['warning']>;

const COMMON = 'This password is one of the most common passwords. Choose another one.';
const REASONS: Partial<Record<Warning, string>> = {
  topTen: COMMON,
  topHundred: COMMON,
  common: COMMON,
  similarToCommon: COMMON,
  pwned: COMMON,
  wordByItself: 'This password is a single common word. Add more words.',
  userInputs: 'This password is too close to your e-mail address or name.',
  simpleRepeat: 'This password repeats one character or group of characters.',
  extendedRepeat: 'This password repeats one character or group of characters.',
  sequences: 'This password is a sequence such as abcdefgh or 12345678.',
  straightRow: 'This password is a row of keys such as qwertyui.',
  keyPattern: 'This password is a keyboard pattern.',
  recentYears: 'This password is a year or date, which is easy to guess.',
  dates: 'This password is a year or date, which is easy to guess.',
};
const TOO_EASY = 'This password is too easy to guess. Try a few unrelated words.';

/** Why a password is refused, or null when it is strong enough. `about` holds the user's e-mail and name. */
export function passwordProblem(
  password: string,
  about: { email?: string | null; name?: string | null } = {},
): string | null {
  const inputs = [
    about.email,
    about.email?.split('@')[0],
    about.name,
    ...(about.name?.split(/\s+/) ?? []),
  ].filter((value): value is string => typeof value === 'string' && value.trim().length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  return (warning && REASONS[warning]) ?? TOO_EASY;
}
