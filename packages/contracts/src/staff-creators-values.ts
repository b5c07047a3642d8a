// The staff creator lookup's query, apart from the creator schemas: the route's search validation in
// the web app's entry chunk imports it, and staff-creators.ts would bring those schemas (and the
// plans', findings' and takedowns') with it. Built with zod/mini, so zod's classic API stays out of
// the entry chunk; staff-creators.ts builds the API's classic query schema from the same rules.
import * as z from 'zod/mini';

export const CREATOR_SEARCH_MIN = 2;
export const CREATOR_SEARCH_MAX = 2000;
export const CREATOR_SEARCH_MESSAGES = {
  missing: 'Type an e-mail address, a username or a page address.',
  tooShort: 'Type at least two characters.',
  tooLong: 'That is too long to search for.',
} as const;

/** The lookup's text as the route's search reads it. */
export const creatorSearchTextSchema = z
  .string({ error: CREATOR_SEARCH_MESSAGES.missing })
  .check(
    z.trim(),
    z.minLength(CREATOR_SEARCH_MIN, CREATOR_SEARCH_MESSAGES.tooShort),
    z.maxLength(CREATOR_SEARCH_MAX, CREATOR_SEARCH_MESSAGES.tooLong),
  );
