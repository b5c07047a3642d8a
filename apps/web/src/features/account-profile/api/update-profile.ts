// POST /api/auth/update-user: the name. The cached user is refreshed so the header and pages show it.
import type { updateProfileRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export function updateProfile(input: z.input<typeof updateProfileRequestSchema>): Promise<unknown> {
  return api.post('/api/auth/update-user', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
