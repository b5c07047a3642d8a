// Variables that middleware puts on the request context.
import type { BrandConfig } from '#server/config/brands.ts';

export interface AppEnv {
  Variables: {
    brand: BrandConfig;
    clientIp: string;
  };
}
