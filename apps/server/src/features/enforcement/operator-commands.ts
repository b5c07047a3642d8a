// The operator's enforcement commands by name and JSON body: the CLI runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { DelistingService } from './delisting-service.ts';
import type { FormTaskService } from './form-task-service.ts';

const id = z.object({ id: z.string().trim().min(1, 'an id is required').max(200) });
const done = id.extend({ by: z.string().trim().max(200).nullish() });

export type OperatorCommand = (body: unknown) => Promise<unknown>;

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid command.');
  return parsed.data;
}

export function createOperatorCommands(deps: {
  forms: FormTaskService;
  delisting: DelistingService;
}): Record<string, OperatorCommand> {
  const { forms, delisting } = deps;
  return {
    'forms/list': () => forms.list(),
    'forms/show': (body) => forms.show(parse(id, body).id),
    'forms/done': (body) => {
      const input = parse(done, body);
      return forms.done(input.id, input.by ?? null);
    },
    'delisting/list': () => delisting.list(),
    'delisting/csv': async (body) => ({ csv: await delisting.csv(parse(id, body).id) }),
    'delisting/submitted': (body) => delisting.submitted(parse(id, body).id),
  };
}
