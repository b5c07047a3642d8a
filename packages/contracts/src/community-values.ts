// The page number of the paged community lists, apart from the community's schemas: route search
// validation in the web app's entry chunk imports it, and community.ts would bring every community
// schema with it.
import { z } from 'zod';

export const COMMUNITY_MAX_PAGE = 1000;

const pageNumberMessage = `The page is a whole number from 1 to ${COMMUNITY_MAX_PAGE}.`;
export const pageNumberSchema = z.coerce
  .number({ error: pageNumberMessage })
  .int(pageNumberMessage)
  .min(1, pageNumberMessage)
  .max(COMMUNITY_MAX_PAGE, pageNumberMessage);
