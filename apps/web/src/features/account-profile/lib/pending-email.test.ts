import { describe, expect, it } from 'vitest';
import {
  forgetPendingEmail,
  PENDING_EMAIL_TTL_MS,
  readPendingEmail,
  rememberPendingEmail,
  type KeyValueStore,
} from './pending-email.ts';

function memoryStore(): KeyValueStore & { size: () => number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    size: () => values.size,
  };
}

const user = { id: 'user-1', email: 'old@example.com' };

describe('pending e-mail change', () => {
  it('remembers the new address for the user who asked', () => {
    const store = memoryStore();
    rememberPendingEmail(user.id, 'new@example.com', 1_000, store);
    expect(readPendingEmail(user, 2_000, store)).toBe('new@example.com');
    expect(
      readPendingEmail({ id: 'user-2', email: 'x@example.com' }, 2_000, store),
    ).toBeUndefined();
  });

  it('forgets it once the address has changed', () => {
    const store = memoryStore();
    rememberPendingEmail(user.id, 'new@example.com', 1_000, store);
    expect(readPendingEmail({ ...user, email: 'New@Example.com' }, 2_000, store)).toBeUndefined();
    expect(store.size()).toBe(0);
  });

  it('forgets it when the link has expired', () => {
    const store = memoryStore();
    rememberPendingEmail(user.id, 'new@example.com', 1_000, store);
    expect(readPendingEmail(user, 1_000 + PENDING_EMAIL_TTL_MS - 1, store)).toBe('new@example.com');
    expect(readPendingEmail(user, 1_000 + PENDING_EMAIL_TTL_MS, store)).toBeUndefined();
    expect(store.size()).toBe(0);
  });

  it('ignores what it cannot read, and forgets on request', () => {
    const store = memoryStore();
    store.setItem('shark.pendingEmailChange', '{not json');
    expect(readPendingEmail(user, 0, store)).toBeUndefined();
    rememberPendingEmail(user.id, 'new@example.com', 0, store);
    forgetPendingEmail(store);
    expect(readPendingEmail(user, 0, store)).toBeUndefined();
  });
});
