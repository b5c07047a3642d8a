// GET and PUT /api/notifications/email-preferences: which categories also come by e-mail.
import { emailPreferencesSchema, type EmailPreferences } from '@shark/contracts/notifications.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '#app/lib/api.ts';

export const emailPreferencesQueryKey = (userId: string) =>
  ['notification-preferences', userId] as const;

export function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return api.get('/api/notifications/email-preferences', emailPreferencesSchema, signal);
}

export function saveEmailPreferences(preferences: EmailPreferences): Promise<EmailPreferences> {
  return apiRequest('/api/notifications/email-preferences', {
    method: 'PUT',
    body: preferences,
    schema: emailPreferencesSchema,
  });
}

export function emailPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: emailPreferencesQueryKey(userId),
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });
}

export function useEmailPreferences(userId: string) {
  return useQuery(emailPreferencesQueryOptions(userId));
}

export function useSaveEmailPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesQueryKey(userId), saved),
  });
}
