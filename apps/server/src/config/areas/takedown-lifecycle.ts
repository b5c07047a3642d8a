// Takedown lifecycle (features/takedown-lifecycle): the longest wait between two checks of a URL.
import { z } from 'zod';
import { positiveInt } from './values.ts';

export const takedownLifecycleVariables = z.object({
  TAKEDOWN_CHECK_MAX_HOURS: positiveInt(7 * 24),
});

export function takedownLifecycleConfig(env: z.infer<typeof takedownLifecycleVariables>) {
  return {
    /** Takedown lifecycle (features/takedown-lifecycle): the longest wait between two checks of a URL (the first is enforcement's firstCheckHours). */
    takedownLifecycle: { checkMaxHours: env.TAKEDOWN_CHECK_MAX_HOURS },
  };
}
