// /support/new?subject=…&context=…&takedownId=…&findingId=…: what a link to the form fills in (the
// error views say which page failed; a takedown or finding page names its record). Bad values are
// dropped, never an error.
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@shark/contracts/support-values.ts';
import * as z from 'zod/mini';

const text = (max: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))), undefined);

export const newSupportSearchSchema = z.object({
  subject: text(SUPPORT_SUBJECT_MAX),
  /** Put at the end of the message, after a blank line: where she was and what went wrong. */
  context: text(1000),
  takedownId: text(200),
  findingId: text(200),
});
export type NewSupportSearch = z.infer<typeof newSupportSearchSchema>;

/** The message the form starts with: her words go first, the context below. */
export function initialMessage(search: NewSupportSearch): string {
  return search.context ? `\n\n${search.context}`.slice(0, SUPPORT_MESSAGE_MAX) : '';
}
