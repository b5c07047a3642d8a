import { useSyncExternalStore } from 'react';

/** Mobile means a viewport narrower than 768 px. */
export const MOBILE_BREAKPOINT_PX = 768;
const QUERY = `(width < ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
