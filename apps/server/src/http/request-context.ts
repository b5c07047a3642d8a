// Per-request facts that code deep inside the auth library's callbacks needs (the brand).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BrandConfig } from '#server/config/brands.ts';

interface RequestContext {
  brand: BrandConfig;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentBrand(): BrandConfig | undefined {
  return storage.getStore()?.brand;
}
