// Support requests (features/support): where the team hears of a new request by e-mail.
import { z } from 'zod';
import { optionalString } from './values.ts';

export const supportVariables = z.object({
  SUPPORT_INBOX: optionalString.pipe(z.email('must be an e-mail address').optional()),
});

export function supportConfig(env: z.infer<typeof supportVariables>) {
  return {
    /** The team's address for new support requests; unset: no e-mail, the console lists them. */
    support: { inbox: env.SUPPORT_INBOX ?? null },
  };
}
