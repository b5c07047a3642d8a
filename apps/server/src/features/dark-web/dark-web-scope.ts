// On whose behalf the current work fetches: whether it may reach onion services through Tor. The scan
// task runner (and any other worker of a creator's) runs her work inside `withDarkWeb`; the platform's
// fetcher asks `isDarkWebAllowed` before every request to an onion address, redirects included, so
// work outside such a scope (another creator's scan, a request handler) never sends anything to Tor.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<{ isAllowed: boolean }>();

export function withDarkWeb<T>(isAllowed: boolean, work: () => Promise<T>): Promise<T> {
  return scope.run({ isAllowed }, work);
}

/** Whether the work running now may fetch onion addresses; false outside any scope. */
export function isDarkWebAllowed(): boolean {
  return scope.getStore()?.isAllowed === true;
}
