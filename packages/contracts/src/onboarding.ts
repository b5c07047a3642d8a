// Onboarding (/onboarding): the guided first set-up, and its completion (which clears needsOnboarding).
import { z } from 'zod';

/** POST /api/onboarding/complete */
export const onboardingCompletionSchema = z.object({
  /** When onboarding was first completed (ISO date); completing again keeps it. */
  onboardingCompletedAt: z.string(),
});
export type OnboardingCompletion = z.infer<typeof onboardingCompletionSchema>;
