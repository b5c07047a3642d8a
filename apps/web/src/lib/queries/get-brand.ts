// GET /api/brand: name, logo, theme and links of the brand this SPA is served for.
import { brandSchema, type Brand } from '@shark/contracts/system.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** Used until the brand has loaded, and if it cannot be loaded: the product's own identity. */
export const DEFAULT_BRAND: Brand = {
  id: 'shark',
  name: 'Shark',
  logoUrl: '',
  theme: { light: '#2b7fff', dark: '#155dfc' },
  links: { contact: '', terms: '', privacy: '' },
  sidebarVariant: 'classic',
  googleSignIn: false,
};

export function getBrand(signal?: AbortSignal): Promise<Brand> {
  return api.get('/api/brand', brandSchema, signal);
}

export const brandQueryOptions = queryOptions({
  queryKey: ['brand'],
  queryFn: ({ signal }) => getBrand(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useBrand(): Brand {
  return useQuery(brandQueryOptions).data ?? DEFAULT_BRAND;
}
