// The handles an impersonator would register instead of a creator's own: the name with other
// separators, with the words fake accounts add ("_official", ".vip", "real"), with look-alike
// characters ("janed0e") and with one-key slips ("janedoee"). Deterministic and ordered most
// plausible first, so a caller that can afford to check only the first few checks the likeliest.
import {
  canonicalPlatform,
  handleFromLabel,
  handleLabel,
  isValidHandle,
  normalizeHandle,
} from './handle-rules.ts';

export type VariantKind = 'separator' | 'affix' | 'look-alike' | 'typo';

export interface UsernameVariant {
  /** A handle valid on the platform, lower case (every platform here ignores case). */
  username: string;
  kind: VariantKind;
  /** In words, for people: `suffix "_official"`, `look-alike "0" for "o"`. */
  reason: string;
}

export interface UsernameVariantOptions {
  /** At most this many (default DEFAULT_MAX_VARIANTS); `Infinity` for all of them. */
  max?: number;
  /** A platform or catalog site id (instagram, x, telegram-preview…): only its valid handles. */
  platform?: string;
}

export const DEFAULT_MAX_VARIANTS = 40;

/** Names shorter than this have too many neighbours: a slip of "kim" is somebody else. */
const MIN_TYPO_BASE = 4;
/** Leaving a letter out of a short name mostly gives another common name. */
const MIN_OMISSION_BASE = 5;

interface Affix {
  text: string;
  at: 'prefix' | 'suffix';
  /** How often fake accounts use it, 0–1: orders the list, never shown. */
  plausibility: number;
}

/**
 * What fake accounts add to a creator's handle, with the separators they use. The plausibility is
 * our estimate from how such accounts are commonly named ("_official" and ".vip" lead, "real" and
 * "its" prefixes next, backup and leak accounts after); hyphen forms rank low but are the only
 * ones Bluesky accepts, so there they come first among what remains.
 */
const AFFIXES: readonly Affix[] = [
  { text: '_official', at: 'suffix', plausibility: 0.95 },
  { text: '.official', at: 'suffix', plausibility: 0.92 },
  { text: '.vip', at: 'suffix', plausibility: 0.9 },
  { text: 'official', at: 'suffix', plausibility: 0.88 },
  { text: '_vip', at: 'suffix', plausibility: 0.87 },
  { text: 'real', at: 'prefix', plausibility: 0.85 },
  { text: 'vip', at: 'suffix', plausibility: 0.82 },
  { text: '_', at: 'suffix', plausibility: 0.8 },
  { text: 'real_', at: 'prefix', plausibility: 0.8 },
  { text: 'real.', at: 'prefix', plausibility: 0.76 },
  { text: 'its', at: 'prefix', plausibility: 0.75 },
  { text: '_backup', at: 'suffix', plausibility: 0.72 },
  { text: 'the', at: 'prefix', plausibility: 0.7 },
  { text: '2', at: 'suffix', plausibility: 0.7 },
  { text: '-official', at: 'suffix', plausibility: 0.7 },
  { text: 'xo', at: 'suffix', plausibility: 0.68 },
  { text: 'backup', at: 'suffix', plausibility: 0.66 },
  { text: 'its_', at: 'prefix', plausibility: 0.65 },
  { text: '-vip', at: 'suffix', plausibility: 0.65 },
  { text: '_', at: 'prefix', plausibility: 0.64 },
  { text: 'the_', at: 'prefix', plausibility: 0.62 },
  { text: '_xo', at: 'suffix', plausibility: 0.6 },
  { text: '.backup', at: 'suffix', plausibility: 0.6 },
  { text: '_2', at: 'suffix', plausibility: 0.6 },
  { text: 'official_', at: 'prefix', plausibility: 0.6 },
  { text: 'real-', at: 'prefix', plausibility: 0.58 },
  { text: '_of', at: 'suffix', plausibility: 0.58 },
  { text: '_free', at: 'suffix', plausibility: 0.57 },
  { text: '_leaks', at: 'suffix', plausibility: 0.57 },
  { text: '-backup', at: 'suffix', plausibility: 0.56 },
  { text: 'official', at: 'prefix', plausibility: 0.55 },
  { text: '_private', at: 'suffix', plausibility: 0.55 },
  { text: 'of', at: 'suffix', plausibility: 0.54 },
  { text: '1', at: 'suffix', plausibility: 0.54 },
  { text: 'free', at: 'suffix', plausibility: 0.52 },
  { text: 'leaks', at: 'suffix', plausibility: 0.52 },
  { text: '.private', at: 'suffix', plausibility: 0.52 },
  { text: 'its-', at: 'prefix', plausibility: 0.5 },
  { text: '_new', at: 'suffix', plausibility: 0.5 },
  { text: 'private', at: 'suffix', plausibility: 0.5 },
  { text: '-xo', at: 'suffix', plausibility: 0.48 },
  { text: '-2', at: 'suffix', plausibility: 0.48 },
];

interface LookAlike {
  from: string;
  to: string;
  plausibility: number;
}

/**
 * Characters swapped for ones that read the same in a handle. l/i/1 and o/0 fool readers best in
 * most fonts; rn for m and vv for w need a second look; e/3, a/4 and s/5 are visible but common.
 */
const LOOK_ALIKES: readonly LookAlike[] = [
  { from: 'o', to: '0', plausibility: 0.74 },
  { from: 'l', to: 'i', plausibility: 0.73 },
  { from: 'i', to: 'l', plausibility: 0.73 },
  { from: 'l', to: '1', plausibility: 0.72 },
  { from: 'm', to: 'rn', plausibility: 0.64 },
  { from: 'rn', to: 'm', plausibility: 0.64 },
  { from: '0', to: 'o', plausibility: 0.62 },
  { from: 'i', to: '1', plausibility: 0.6 },
  { from: '1', to: 'l', plausibility: 0.6 },
  { from: 'w', to: 'vv', plausibility: 0.58 },
  { from: 'vv', to: 'w', plausibility: 0.58 },
  { from: '1', to: 'i', plausibility: 0.55 },
  { from: 'e', to: '3', plausibility: 0.5 },
  { from: '3', to: 'e', plausibility: 0.46 },
  { from: 'a', to: '4', plausibility: 0.45 },
  { from: 's', to: '5', plausibility: 0.42 },
  { from: '4', to: 'a', plausibility: 0.42 },
  { from: '5', to: 's', plausibility: 0.4 },
];

/** Keys beside each letter on a QWERTY row: the slips a fast typist makes. */
const QWERTY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
function keyNeighbours(letter: string): string[] {
  for (const row of QWERTY_ROWS) {
    const at = row.indexOf(letter);
    if (at === -1) continue;
    return [row[at - 1], row[at + 1]].filter((key): key is string => key !== undefined);
  }
  return [];
}

const isLetter = (c: string | undefined): c is string => c !== undefined && /^[a-z]$/.test(c);
const isWordChar = (c: string | undefined): c is string => c !== undefined && /^[a-z0-9]$/.test(c);

/**
 * The words of a handle: split at `_ . -` and spaces and at a capital inside a word ("JaneDoe"),
 * accents dropped, lower case, only ASCII letters and digits (what handles are made of).
 */
export function handleWords(username: string): string[] {
  return username
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

interface Candidate {
  label: string;
  kind: VariantKind;
  reason: string;
  plausibility: number;
}

/** All single and all-at-once replacements of `from` by `to` in `base`. */
function replacements(base: string, from: string, to: string): string[] {
  const out: string[] = [];
  let at = base.indexOf(from);
  while (at !== -1) {
    out.push(base.slice(0, at) + to + base.slice(at + from.length));
    at = base.indexOf(from, at + from.length);
  }
  if (out.length > 1) out.push(base.split(from).join(to));
  return out;
}

function lookAlikeCandidates(base: string): Candidate[] {
  if (base.replace(/[^a-z0-9]/g, '').length < MIN_TYPO_BASE) return [];
  return LOOK_ALIKES.flatMap((swap) =>
    replacements(base, swap.from, swap.to).map((label, index, all) => ({
      label,
      kind: 'look-alike' as const,
      reason:
        index === all.length - 1 && all.length > 2
          ? `look-alike "${swap.to}" for every "${swap.from}"`
          : `look-alike "${swap.to}" for "${swap.from}"`,
      // Every occurrence at once is a stronger disguise but rarer than one.
      plausibility: swap.plausibility - (index === all.length - 1 && all.length > 2 ? 0.05 : 0),
    })),
  );
}

function typoCandidates(base: string): Candidate[] {
  const chars = Array.from(base);
  const letters = chars.filter(isWordChar).length;
  if (letters < MIN_TYPO_BASE) return [];
  const out: Candidate[] = [];
  const add = (next: string[], reason: string, plausibility: number) =>
    out.push({ label: next.join(''), kind: 'typo', reason, plausibility });
  const lastLetter = chars.findLastIndex(isLetter);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!isLetter(c)) continue;
    // "janedoe" → "janedoee": a held key, most often on the last letter.
    if (chars[i + 1] !== c)
      add(
        [...chars.slice(0, i + 1), c, ...chars.slice(i + 1)],
        `typo: "${c}" doubled`,
        i === lastLetter ? 0.68 : 0.55,
      );
    // "bella" → "bela": a double letter typed once.
    if (chars[i + 1] === c)
      add([...chars.slice(0, i), ...chars.slice(i + 1)], `typo: one "${c}" left out`, 0.65);
    else if (chars[i - 1] !== c && letters >= MIN_OMISSION_BASE)
      add([...chars.slice(0, i), ...chars.slice(i + 1)], `typo: "${c}" left out`, 0.45);
    // "janedoe" → "jaendoe": two neighbours swapped.
    const next = chars[i + 1];
    if (isLetter(next) && next !== c)
      add(
        [...chars.slice(0, i), next, c, ...chars.slice(i + 2)],
        `typo: "${c}${next}" swapped`,
        0.48,
      );
  }
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!isLetter(c)) continue;
    for (const key of keyNeighbours(c))
      add(
        [...chars.slice(0, i), key, ...chars.slice(i + 1)],
        `typo: "${key}" for "${c}" (neighbouring key)`,
        0.32,
      );
  }
  return out;
}

/**
 * Handles an impersonator might use for `username`, most plausible first, each valid on the
 * platform (when one is given), without duplicates (two handles the platform treats as one count
 * once) and never the creator's own handle.
 */
export function usernameVariants(
  username: string,
  options: UsernameVariantOptions = {},
): UsernameVariant[] {
  const { platform } = options;
  const max = options.max ?? DEFAULT_MAX_VARIANTS;
  if (!(max > 0)) return [];
  const label = handleLabel(platform, username);
  const words = handleWords(label);
  const typed = label.toLowerCase();
  if (words.length === 0) return [];
  const isValid = (label: string) => isValidHandle(platform, handleFromLabel(platform, label));

  // The handle as the platform would have it: as typed if valid there, else its words joined the
  // way the platform allows ("jane.doe" on X is "jane_doe").
  const joins = ['_', '', '.', '-'].map((separator) => words.join(separator));
  const found =
    [typed, ...joins].find((label) => isWordChar(label[0]) && isValid(label)) ?? words.join('');
  // Facebook ignores periods: "jane.doe" is "janedoe" there, and so are its variants.
  const base = canonicalPlatform(platform) === 'facebook' ? found.replace(/\./g, '') : found;
  // A platform with short handles (X: 15) has room for "janedoeofficial" but not "jane_doe_official".
  const affixBases = [...new Set([base, words.join('')])];

  // When the platform cannot take the handle as typed, its own spelling is the likeliest of all.
  const candidates: Candidate[] = [
    {
      label: base,
      kind: 'separator',
      reason: 'the name as this platform writes it',
      plausibility: 0.97,
    },
  ];
  if (words.length >= 2) {
    const separatorNames: Record<string, string> = {
      '': 'words joined',
      _: 'words joined by "_"',
      '.': 'words joined by "."',
      '-': 'words joined by "-"',
    };
    for (const separator of ['', '_', '.', '-'])
      candidates.push({
        label: words.join(separator),
        kind: 'separator',
        reason: separatorNames[separator] ?? 'separator',
        plausibility: 0.96,
      });
    for (const separator of ['__', '--', '..'])
      candidates.push({
        label: words.join(separator),
        kind: 'separator',
        reason: `words joined by "${separator}"`,
        plausibility: 0.6,
      });
  }
  affixBases.forEach((affixBase, index) => {
    for (const affix of AFFIXES)
      candidates.push({
        label: affix.at === 'suffix' ? affixBase + affix.text : affix.text + affixBase,
        kind: 'affix',
        reason: `${affix.at} "${affix.text}"`,
        plausibility: affix.plausibility - index * 0.02,
      });
  });
  candidates.push(...lookAlikeCandidates(base), ...typoCandidates(base));

  // Stable: equal plausibility keeps the order of generation (separators, affixes, look-alikes, typos).
  const ordered = candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => b.candidate.plausibility - a.candidate.plausibility || a.index - b.index);

  const own = normalizeHandle(platform, username);
  const seen = new Set([own]);
  const out: UsernameVariant[] = [];
  for (const { candidate } of ordered) {
    if (!isValid(candidate.label)) continue;
    const handle = handleFromLabel(platform, candidate.label);
    const key = normalizeHandle(platform, handle);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ username: handle, kind: candidate.kind, reason: candidate.reason });
    if (out.length >= max) break;
  }
  return out;
}
