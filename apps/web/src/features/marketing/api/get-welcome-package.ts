// GET /api/marketing/welcome-package: what her plan protects, her set-up, her badge and the first steps.
import { welcomePackageSchema, type WelcomePackage } from '@shark/contracts/marketing.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getWelcomePackage(signal?: AbortSignal): Promise<WelcomePackage> {
  return api.get('/api/marketing/welcome-package', welcomePackageSchema, signal);
}

/** Keyed by the user, so one account's package is never shown to the next account signed in. */
export function welcomePackageQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['marketing', 'welcome-package', userId],
    queryFn: ({ signal }) => getWelcomePackage(signal),
  });
}

export function useWelcomePackage(userId: string) {
  return useQuery(welcomePackageQueryOptions(userId));
}
