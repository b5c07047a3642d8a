// `shark takedowns …` handed to a running server through its admin socket (embedded mode, where only the
// server may open the database): the same show, respond and check, their bodies checked here.
import { z } from 'zod';
import { AppError } from '#server/http/app-error.ts';
import type { TakedownResponses } from '#server/features/takedowns/lifecycle/takedown-responses.ts';
import type { TakedownVerification } from '#server/features/takedowns/lifecycle/takedown-verification.ts';

const showBody = z.object({ id: z.string().trim().min(1, 'needs a takedown id').max(200) });
const respondBody = showBody.extend({
  response: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('rejected'),
      reason: z.string().trim().min(1, 'needs the reason the recipient gave').max(2000),
    }),
    z.object({ kind: z.literal('removed'), note: z.string().max(2000).nullable().optional() }),
  ]),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

/** Admin socket commands by name, as features/admin serves them. */
export function takedownAdminCommands(
  responses: TakedownResponses & Pick<TakedownVerification, 'checkNow'>,
): Record<string, (body: unknown) => Promise<unknown>> {
  return {
    'takedowns/check': async (body) => {
      const { id } = parse(showBody, body);
      const check = await responses.checkNow(id);
      return { check, takedown: await responses.describe(id) };
    },
    'takedowns/show': (body) => responses.describe(parse(showBody, body).id),
    'takedowns/respond': (body) => {
      const { id, response } = parse(respondBody, body);
      return responses.respond(id, response);
    },
  };
}
