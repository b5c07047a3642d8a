// The one comparable form of a search term: what duplicates are detected on, and what the text
// matcher of the scanning issue compares page text with.

/** Invisible format characters (zero-width joiners, direction marks) that make equal words look different. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** Compatibility-folded (full-width letters, ligatures), lower case, spaces collapsed and trimmed. */
export function normalizeSearchTerm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(FORMAT_CHARACTERS, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}
