// GET /api/brand: the runtime facts about the brand (whether Google sign-in is configured). Name, logo,
// theme, links and sidebar variant are baked in at build time (lib/brand.ts), so nothing waits for this.
import { brandSchema } from '@shark/contracts/system-mini.ts';
import type { Brand } from '@shark/contracts/system.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { BRAND } from '#app/lib/brand.ts';

/** Until the brand has loaded, and if it cannot be loaded: the built brand, without Google sign-in. */
export const DEFAULT_BRAND: Brand = { ...BRAND, googleSignIn: false };
const WITH_GOOGLE_SIGN_IN: Brand = { ...BRAND, googleSignIn: true };

export function getBrand(signal?: AbortSignal): Promise<Brand> {
  return api.get('/api/brand', brandSchema, signal);
}

export const brandQueryOptions = queryOptions({
  queryKey: ['brand'],
  queryFn: ({ signal }) => getBrand(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The built brand, with the server's runtime facts once known. */
export function useBrand(): Brand {
  const googleSignIn = useQuery({
    ...brandQueryOptions,
    select: (brand) => brand.googleSignIn,
  }).data;
  return googleSignIn === true ? WITH_GOOGLE_SIGN_IN : DEFAULT_BRAND;
}
