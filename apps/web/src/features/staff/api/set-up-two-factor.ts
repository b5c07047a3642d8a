// Turning two-factor on from the staff console: the password gives the secret and backup codes,
// the first code from the app confirms it; then the console's view of its member is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMeQueryOptions } from '#app/lib/queries/get-staff-me.ts';
import { enableTwoFactor, verifyTotp } from '#app/lib/two-factor.ts';

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.removeQueries({ queryKey: staffMeQueryOptions.queryKey }),
  });
}
