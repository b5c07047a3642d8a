// /api/email-settings/subscription/{token}: her e-mail choices through the link in her e-mails, without
// signing in — read, change, or turn everything off.
import {
  subscriptionSettingsSchema,
  type EmailPreferences,
  type SubscriptionSettings,
} from '@shark/contracts/notifications.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '#app/lib/api.ts';

export const subscriptionSettingsQueryKey = (token: string) =>
  ['email-settings', 'subscription', token] as const;

const path = (token: string) => `/api/email-settings/subscription/${encodeURIComponent(token)}`;

export function subscriptionSettingsQueryOptions(token: string) {
  return queryOptions({
    queryKey: subscriptionSettingsQueryKey(token),
    queryFn: ({ signal }) => api.get(path(token), subscriptionSettingsSchema, signal),
    // A bad or expired link does not get better by asking again.
    retry: false,
  });
}

export function useSubscriptionSettings(token: string) {
  return useQuery(subscriptionSettingsQueryOptions(token));
}

export function useSaveSubscriptionSettings(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences): Promise<SubscriptionSettings> =>
      apiRequest(path(token), {
        method: 'PUT',
        body: preferences,
        schema: subscriptionSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(subscriptionSettingsQueryKey(token), saved),
  });
}

export function useUnsubscribeFromAll(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SubscriptionSettings> =>
      api.post(`${path(token)}/unsubscribe-all`, {}, subscriptionSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(subscriptionSettingsQueryKey(token), saved),
  });
}
