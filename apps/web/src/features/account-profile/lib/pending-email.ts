// The address a change waits for. The server keeps no record of it (the link itself carries the change),
// so the browser that asked remembers it until the link is used or has expired.
import { emailSchema } from '@shark/contracts/auth.ts';
import { z } from 'zod';

const STORAGE_KEY = 'shark.pendingEmailChange';
/** As long as the link works (the server's verification lifetime). */
export const PENDING_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

const storedSchema = z.object({ userId: z.string(), email: emailSchema, requestedAt: z.number() });

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): KeyValueStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be disabled; the pending state then lasts as long as the page.
    return undefined;
  }
}

export function rememberPendingEmail(
  userId: string,
  email: string,
  now = Date.now(),
  store = browserStore(),
): void {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify({ userId, email, requestedAt: now }));
  } catch {
    // Full or disabled storage: see browserStore.
  }
}

export function forgetPendingEmail(store = browserStore()): void {
  try {
    store?.removeItem(STORAGE_KEY);
  } catch {
    // See browserStore.
  }
}

/**
 * The new address this user is waiting to confirm, or undefined: nothing asked, another user's request,
 * the link has expired, or the change has already happened.
 */
export function readPendingEmail(
  user: { id: string; email: string },
  now = Date.now(),
  store = browserStore(),
): string | undefined {
  let raw: string | null | undefined;
  try {
    raw = store?.getItem(STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let parsed: z.infer<typeof storedSchema>;
  try {
    const result = storedSchema.safeParse(JSON.parse(raw));
    if (!result.success) return undefined;
    parsed = result.data;
  } catch {
    return undefined;
  }
  if (parsed.userId !== user.id) return undefined;
  if (
    now - parsed.requestedAt >= PENDING_EMAIL_TTL_MS ||
    parsed.email === user.email.toLowerCase()
  ) {
    forgetPendingEmail(store);
    return undefined;
  }
  return parsed.email;
}
