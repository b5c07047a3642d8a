/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Provider identifier sent in the x-provider header; fixed at build time. */
  readonly VITE_SHARK_PROVIDER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
