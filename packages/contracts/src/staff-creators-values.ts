// The staff creator lookup's query, apart from the creator schemas: the route's search validation in
// the web app's entry chunk imports it, and staff-creators.ts would bring those schemas (and the
// plans', findings' and takedowns') with it.
import { z } from 'zod';

/** GET /api/staff/creators?q=: an e-mail address, a name, a username or a page address. */
export const creatorSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type an e-mail address, a username or a page address.' })
    .trim()
    .min(2, 'Type at least two characters.')
    .max(2000, 'That is too long to search for.'),
});
export type CreatorSearchQuery = z.infer<typeof creatorSearchQuerySchema>;
