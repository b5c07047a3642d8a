// POST /api/onboarding/complete: clears needsOnboarding, so 'Start Here' leaves the sidebar.
import {
  onboardingCompletionSchema,
  type OnboardingCompletion,
} from '@shark/contracts/onboarding.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export function completeOnboarding(): Promise<OnboardingCompletion> {
  return api.post('/api/onboarding/complete', {}, onboardingCompletionSchema);
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
