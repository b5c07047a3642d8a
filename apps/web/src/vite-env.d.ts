/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Provider identifier sent in the x-provider header: the built brand's id (vite.config.ts sets it). */
  readonly VITE_SHARK_PROVIDER?: string;
  /** Project key for product analytics; unset, no event is sent (lib/analytics.ts). */
  readonly VITE_ANALYTICS_KEY?: string;
  /** Project key for error reporting; unset, no exception is sent. */
  readonly VITE_ERROR_REPORTING_KEY?: string;
  /** Ingestion host of both; default https://us.i.posthog.com. */
  readonly VITE_ANALYTICS_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
