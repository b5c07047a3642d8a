// The worker side of the takedown lifecycle: the handlers of takedown.verify and takedown.escalate. The
// periodic sweep that sends them for what is due is the takedowns module's schedule.
import type { JobHandlers } from '#server/app/feature-module.ts';
import type { TakedownLifecycle } from './takedown-lifecycle-service.ts';

export function lifecycleJobHandlers(lifecycle: TakedownLifecycle) {
  return {
    'takedown.verify': async ({ takedownId, check }, context) => {
      const result = await lifecycle.verify(takedownId, {
        now: new Date(),
        check,
        isLastAttempt: context.isLastAttempt,
      });
      return { ...result };
    },
    'takedown.escalate': async ({ takedownId }) => ({
      steps: await lifecycle.escalate(takedownId, new Date()),
    }),
  } satisfies JobHandlers;
}
