// The page number of the paged community lists, apart from the community's schemas: route search
// validation in the web app's entry chunk imports it, and community.ts would bring every community
// schema with it. Built with zod/mini, so zod's classic API stays out of the entry chunk;
// community.ts builds the API's classic schema from the same limit and message.
import * as z from 'zod/mini';

export const COMMUNITY_MAX_PAGE = 1000;

export const PAGE_NUMBER_MESSAGE = `The page is a whole number from 1 to ${COMMUNITY_MAX_PAGE}.`;

/** A page number as a route's search reads it. */
export const pageNumberSearchSchema = z.coerce
  .number({ error: PAGE_NUMBER_MESSAGE })
  .check(
    z.int(PAGE_NUMBER_MESSAGE),
    z.minimum(1, PAGE_NUMBER_MESSAGE),
    z.maximum(COMMUNITY_MAX_PAGE, PAGE_NUMBER_MESSAGE),
  );
