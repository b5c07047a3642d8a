// Light and dark mode: follows the system unless the user picked one; the choice is kept in localStorage.
// public/boot.js (index.html's first script) applies the saved choice before the first paint with the same key and rule.
import { useCallback, useSyncExternalStore } from 'react';

export type ColorSchemePreference = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_STORAGE_KEY = 'color-scheme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveColorScheme(
  preference: ColorSchemePreference,
  isSystemDark: boolean,
): ColorScheme {
  if (preference === 'system') return isSystemDark ? 'dark' : 'light';
  return preference;
}

// Where storage is blocked (privacy settings), the choice still holds for this page.
let unsavedPreference: ColorSchemePreference = 'system';

function readPreference(): ColorSchemePreference {
  try {
    const saved = localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return unsavedPreference;
  }
}

// One list for the page's lifetime: a MediaQueryList nobody references can be garbage-collected
// together with its change listener.
let darkQuery: MediaQueryList | undefined;
function systemDarkQuery(): MediaQueryList | undefined {
  if (darkQuery === undefined && typeof window.matchMedia === 'function') {
    darkQuery = window.matchMedia(DARK_QUERY);
  }
  return darkQuery;
}

function isSystemDark(): boolean {
  return systemDarkQuery()?.matches ?? false;
}

const listeners = new Set<() => void>();

function applyToDocument(): void {
  const scheme = resolveColorScheme(readPreference(), isSystemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', scheme === 'dark');
  root.style.colorScheme = scheme;
}

function notify(): void {
  applyToDocument();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The system may have changed between public/boot.js and this first subscriber.
    applyToDocument();
    systemDarkQuery()?.addEventListener('change', notify);
    // Another tab changed the choice.
    window.addEventListener('storage', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      systemDarkQuery()?.removeEventListener('change', notify);
      window.removeEventListener('storage', notify);
    }
  };
}

export function setColorSchemePreference(preference: ColorSchemePreference): void {
  unsavedPreference = preference;
  try {
    if (preference === 'system') localStorage.removeItem(COLOR_SCHEME_STORAGE_KEY);
    else localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted; unsavedPreference carries it for this page.
  }
  notify();
}

export function useColorScheme(): {
  preference: ColorSchemePreference;
  scheme: ColorScheme;
  setPreference: (preference: ColorSchemePreference) => void;
} {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);
  const systemDark = useSyncExternalStore(subscribe, isSystemDark, () => false);
  const setPreference = useCallback(
    (next: ColorSchemePreference) => setColorSchemePreference(next),
    [],
  );
  return { preference, scheme: resolveColorScheme(preference, systemDark), setPreference };
}
