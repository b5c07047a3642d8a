// Finding a creator's usernames and search terms in page titles and text, in the spellings pages
// use: any letter case, words run together or split by `_ . -` or spaces, a leading @ or #, fancy
// Unicode letters and look-alike digits ("J4ne D0e"). Matches are whole words: "anna" is not found
// in "annabelle". The folding here is also what the impersonation checks compare names with.

/** Invisible format characters (zero-width joiners, direction marks, soft hyphens). */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Accents and other combining marks, removed after canonical decomposition ("Zoë" → "Zoe"). */
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Letters of other scripts, and Latin letters of other shapes, that read as a plain Latin letter.
 * NFKC already folds full-width letters, ligatures and the mathematical alphabets (𝓙𝓪𝓷𝓮); these are
 * the ones it leaves alone: Cyrillic and Greek homoglyphs and the small capitals of "fancy text".
 */
const LETTER_CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ɑ: 'a',
  ı: 'i',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Small capitals
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ǫ: 'q',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};
const CONFUSABLE_PATTERN = new RegExp(`[${Object.keys(LETTER_CONFUSABLES).join('')}]`, 'gu');

/**
 * The negative circled and squared letters of fancy text (🅙🅐🅝🅔, 🅹🅰🅽🅴): emoji to Unicode, so
 * NFKC leaves them, but letters to a reader.
 */
const ENCLOSED_LETTER_BLOCKS = [0x1f150, 0x1f170];
const ENCLOSED_LETTERS = /[\u{1F150}-\u{1F169}\u{1F170}-\u{1F189}]/gu;
function enclosedLetter(symbol: string): string {
  const code = symbol.codePointAt(0) ?? 0;
  const block = ENCLOSED_LETTER_BLOCKS.find((start) => code >= start && code < start + 26) ?? code;
  return String.fromCharCode(0x61 + code - block);
}

/**
 * The readable form of a name: Unicode compatibility-folded, invisible characters and accents
 * removed, lower case, and letters of other scripts that look Latin replaced by the Latin letter.
 * Spacing and punctuation are kept (words can still be told apart); emoji are dropped.
 */
export function foldConfusables(text: string): string {
  return splitCamelCase(
    text
      .replace(ENCLOSED_LETTERS, enclosedLetter)
      .normalize('NFKC')
      .replace(FORMAT_CHARACTERS, '')
      .normalize('NFD')
      .replace(COMBINING_MARKS, '')
      .normalize('NFC'),
  )
    .toLowerCase()
    .replace(CONFUSABLE_PATTERN, (letter) => LETTER_CONFUSABLES[letter] ?? letter)
    .replace(/[\p{Extended_Pictographic}\p{So}\uFE0F]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** "JaneDoe" → "Jane Doe", "JANEDoe" → "JANE Doe": a capital inside a word starts a new word. */
function splitCamelCase(text: string): string {
  return text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/**
 * One spelling for characters that stand in for each other in handles and leak titles: 0/o, 1/l/i,
 * 3/e, 4/a, 5/s, rn/m, vv/w. Both sides of a comparison go through it, so "j4ned0e" equals
 * "janedoe" and "emrna" equals "emma"; it is a key for comparing, never shown.
 */
export function lookAlikeSkeleton(word: string): string {
  return word
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/3/g, 'e')
    .replace(/4/g, 'a')
    .replace(/5/g, 's')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/**
 * The words of a text as compared: folded, split at anything that is not a letter or a digit (so
 * `_ . - @ #`, spaces and emoji all separate words) and at inner capitals, each as its skeleton.
 */
export function matchWords(text: string): string[] {
  return foldConfusables(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map(lookAlikeSkeleton);
}

/** The words of a name run together: "Jane_Doe", "jane doe" and "@JaneDoe" all give "janedoe". */
export function compactName(text: string): string {
  return matchWords(text).join('');
}

/**
 * Words that leak pages and impersonators glue to a name ("janedoeleaks", "realjanedoe"), as
 * skeletons; a word that is the name plus one of these still counts as the name.
 */
export const NAME_AFFIXES: readonly string[] = [
  'official',
  'vip',
  'real',
  'its',
  'the',
  'xo',
  'backup',
  'free',
  'leak',
  'leaks',
  'leaked',
  'of',
  'onlyfans',
  'fansly',
  'nude',
  'nudes',
  'private',
  'priv',
  'new',
  'x',
  'xx',
  'xxx',
].map(lookAlikeSkeleton);

export type NameOccurrence = 'words' | 'affixed';

/**
 * Where a compact name (see `compactName`) occurs in a list of words: as a run of whole words
 * ("jane doe", "janedoe", "jane_doe"), or as one word with a known affix glued on ("janedoevip").
 * Never inside a longer word: "anna" is not in "annabelle".
 */
export function findNameInWords(words: readonly string[], name: string): NameOccurrence | null {
  if (name === '') return null;
  let affixed = false;
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length; end++) {
      joined += words[end];
      if (joined === name) return 'words';
      if (!name.startsWith(joined)) break;
    }
    const word = words[start] ?? '';
    if (!affixed && word.length > name.length) {
      const rest = word.startsWith(name)
        ? word.slice(name.length)
        : word.endsWith(name)
          ? word.slice(0, word.length - name.length)
          : null;
      if (rest !== null && NAME_AFFIXES.includes(rest)) affixed = true;
    }
  }
  return affixed ? 'affixed' : null;
}

export interface CreatorNeedles {
  /** The creator's usernames on any platform, as typed ("@Jane_Doe", "u/janedoe" are fine). */
  usernames: readonly string[];
  /** Search terms and names ("jane doe", "jane doe leaked"). */
  terms: readonly string[];
}

export interface MentionResult {
  matched: boolean;
  /** The usernames and terms found, as given, usernames first. */
  terms: string[];
  /** 0–1: how sure the page names this creator; a username counts more than a generic term. */
  score: number;
}

/** A name this short matches too many unrelated words to be found glued to an affix. */
const MIN_AFFIXED_NAME = 4;

/**
 * How much one match says. A username is specific to the creator (less so when short); a term of
 * several words ("jane doe leaked") is more specific than one word. Found glued to an affix rather
 * than as whole words, a match says a little less.
 */
function weightOf(kind: 'username' | 'term', name: string, wordCount: number): number {
  if (kind === 'username') return name.length >= 5 ? 0.9 : name.length === 4 ? 0.75 : 0.5;
  if (wordCount >= 2) return 0.6;
  return name.length >= 5 ? 0.4 : 0.3;
}

/** Drops what people type before a handle: "@jane", "u/jane", "/u/jane". */
function withoutHandlePrefix(username: string): string {
  return username.trim().replace(/^(?:@|\/?u\/|\/?user\/)/iu, '');
}

/**
 * Whether a page's title or text names the creator: each username and term is looked for as whole
 * words in any common spelling. The score combines the matches (each adds to the certainty the
 * others leave), so a username and a term together score higher than either.
 */
export function mentionsCreator(text: string, creator: CreatorNeedles): MentionResult {
  const words = matchWords(text);
  const seen = new Set<string>();
  const found: string[] = [];
  let doubt = 1;
  const needles = [
    ...creator.usernames.map((value) => ({ kind: 'username' as const, value })),
    ...creator.terms.map((value) => ({ kind: 'term' as const, value })),
  ];
  for (const needle of needles) {
    const needleWords = matchWords(
      needle.kind === 'username' ? withoutHandlePrefix(needle.value) : needle.value,
    );
    const name = needleWords.join('');
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    const occurrence = findNameInWords(words, name);
    if (occurrence === null) continue;
    if (occurrence === 'affixed' && name.length < MIN_AFFIXED_NAME) continue;
    const weight =
      weightOf(needle.kind, name, needleWords.length) * (occurrence === 'affixed' ? 0.9 : 1);
    doubt *= 1 - weight;
    found.push(needle.value);
  }
  const score = Math.round(Math.min(0.99, 1 - doubt) * 1000) / 1000;
  return { matched: found.length > 0, terms: found, score };
}
