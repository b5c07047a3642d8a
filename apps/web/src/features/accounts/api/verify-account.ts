// POST /api/accounts/{id}/verify: fetch the profile and look for the ownership code.
import { ownershipCheckSchema, type OwnershipCheck } from '@shark/contracts/accounts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { accountsQueryKey, accountsQueryOptions } from './get-accounts.ts';

export function verifyAccount(id: string): Promise<OwnershipCheck> {
  return api.post(`/api/accounts/${encodeURIComponent(id)}/verify`, {}, ownershipCheckSchema);
}

export function useVerifyAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAccount,
    // The answer carries the account as it is now; the list shows it at once.
    onSuccess: (check) => {
      queryClient.setQueryData(accountsQueryOptions(userId).queryKey, (list) =>
        list
          ? {
              ...list,
              accounts: list.accounts.map((account) =>
                account.id === check.account.id ? check.account : account,
              ),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey(userId) }),
  });
}
