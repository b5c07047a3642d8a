// Types of build-server.mjs for the TypeScript that calls it (tests, benchmarks).
export declare const SERVER_DIST_DIR: string;
/** Builds each entry (name → TypeScript file) into `outDir` as `<name>.mjs`, with the fingerprint threads' code; returns each name's file. */
export declare function buildServerBundles<Name extends string>(
  entries: Record<Name, string>,
  outDir?: string,
): Promise<Record<Name | 'fingerprint-worker', string>>;
