// DELETE /api/account: deletes her account for good; the answer signs her out (cookies cleared).
import {
  deleteAccountResultSchema,
  type DeleteAccountRequest,
  type DeleteAccountResult,
} from '@shark/contracts/account-data.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { apiRequest } from '#app/lib/api.ts';
import { brandQueryOptions } from '#app/lib/queries/get-brand.ts';

export function deleteAccount(input: DeleteAccountRequest): Promise<DeleteAccountResult> {
  return apiRequest('/api/account', {
    method: 'DELETE',
    body: input,
    schema: deleteAccountResultSchema,
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // As after signing out: leave the protected pages first, then drop everything cached of hers.
      await navigate({ to: '/sign-in' });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== brandQueryOptions.queryKey[0],
      });
      toast.success('Your account was deleted', {
        description: 'Your data and files are gone, and you are signed out.',
        duration: 15_000,
      });
    },
  });
}
