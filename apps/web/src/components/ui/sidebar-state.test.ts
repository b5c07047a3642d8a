import { describe, expect, it } from 'vitest';
import {
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  isSidebarShortcut,
  readSidebarCookie,
  sidebarCookie,
} from '#app/components/ui/sidebar-state.ts';

describe('sidebar cookie', () => {
  it('lasts seven days on the whole site', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax');
  });

  it('reads back what it wrote, among other cookies', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('has no opinion without the cookie or with a value it did not write', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
    expect(readSidebarCookie('my_sidebar_state=true')).toBeUndefined();
  });
});

describe('sidebar shortcut', () => {
  const key = (overrides: Partial<Parameters<typeof isSidebarShortcut>[0]>) => ({
    key: 'b',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...overrides,
  });

  it('is Ctrl+B or Cmd+B', () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ ctrlKey: true, key: 'B' }))).toBe(true);
  });

  it('ignores B alone and other combinations', () => {
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, key: 'n' }))).toBe(false);
  });
});
