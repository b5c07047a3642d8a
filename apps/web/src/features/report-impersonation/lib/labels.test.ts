import { describe, expect, it } from 'vitest';
import { handleOf, takedownLabel } from './labels.ts';

describe('handleOf', () => {
  it('shows a handle with @ and an address as it is', () => {
    expect(handleOf('lunafox_official')).toBe('@lunafox_official');
    expect(handleOf('luna-fox.example/about')).toBe('luna-fox.example/about');
    expect(handleOf(null)).toBeNull();
  });
});

describe('takedownLabel', () => {
  it('says where the platform report stands', () => {
    expect(takedownLabel('confirmed')).toBe('Report prepared');
    expect(takedownLabel('removed')).toBe('Removed');
    expect(takedownLabel('something_new')).toBe('something new');
  });
});
