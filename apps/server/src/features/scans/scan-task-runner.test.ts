import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '#server/http/logger.ts';
import {
  createTaskRunner,
  defineStage,
  type StageContext,
  type StageRegistry,
  type TaskRunnerDeps,
} from './scan-task-runner.ts';

const echo = (name: 'discover' | 'profile' | 'fetch' | 'match') =>
  defineStage({
    name,
    input: z.object({ n: z.number() }),
    handle: (input) => Promise.resolve({ status: 'done', result: { n: input.n } }),
  });

const unused = (): never => {
  throw new Error('The database is not reached while the runner is set up.');
};
const repo: TaskRunnerDeps['repo'] = {
  addTasks: unused,
  claim: unused,
  settle: unused,
  completeIfSettled: unused,
};

describe('defineStage', () => {
  it('hands the handler its parsed input and refuses input its schema does not accept', async () => {
    const context = {} as StageContext;
    await expect(echo('fetch').run({ n: 3 }, context)).resolves.toEqual({
      status: 'done',
      result: { n: 3 },
    });
    await expect(echo('fetch').run({ n: 'three' }, context)).rejects.toThrow(z.ZodError);
  });
});

describe('createTaskRunner', () => {
  it('refuses a registry whose stage is declared under another name', () => {
    const stages: StageRegistry = {
      discover: echo('discover'),
      profile: echo('profile'),
      fetch: echo('match'),
      match: echo('match'),
    };
    expect(() =>
      createTaskRunner({
        repo,
        send: unused,
        stages,
        reachability: { guard: unused },
        logger: createLogger('silent'),
      }),
    ).toThrow('The scan stage registered as fetch is declared as match.');
  });
});
