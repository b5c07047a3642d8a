// The sidebar's constants and its open-state cookie, kept apart from React so they are unit-tested.

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** Seven days. */
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 604_800;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** With Ctrl (or Cmd on macOS). */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** The remembered open state, or undefined when there is none (or it is unreadable). */
export function readSidebarCookie(cookieHeader: string): boolean | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return undefined;
}

/** The document.cookie assignment that remembers the open state for seven days. */
export function sidebarCookie(isOpen: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${isOpen}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** Ctrl+B, or Cmd+B on macOS; no other modifier, so Ctrl+Shift+B and the like stay free. */
export function isSidebarShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}
