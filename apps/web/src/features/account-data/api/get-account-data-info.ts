// GET /api/account/data: how she confirms the deletion of her account (password, or e-mail with Google only).
import { accountDataInfoSchema, type AccountDataInfo } from '@shark/contracts/account-data.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getAccountDataInfo(signal?: AbortSignal): Promise<AccountDataInfo> {
  return api.get('/api/account/data', accountDataInfoSchema, signal);
}

export function accountDataInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['account-data', userId, 'info'],
    queryFn: ({ signal }) => getAccountDataInfo(signal),
  });
}

export function useAccountDataInfo(userId: string) {
  return useQuery(accountDataInfoQueryOptions(userId));
}
