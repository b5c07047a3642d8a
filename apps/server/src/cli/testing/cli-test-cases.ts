// The cases every `shark <group>` test has: its table of refusals and its --help.
import { expect, it } from 'vitest';
import type { SharkResult } from './run-shark.ts';

type Shark = (...args: string[]) => Promise<SharkResult>;

/** Each of `cases` exits 1 with its message on stderr, and no stack trace. */
export function itRefuses(shark: Shark, cases: [string[], RegExp][]): void {
  it.each(cases)('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await shark(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
}

/** `shark <group> --help` shows `inGroup`; `shark --help` shows `inTop`. */
export function itListsHelp(shark: Shark, group: string, inGroup: string, inTop: string): void {
  it('lists the commands with --help', async () => {
    const result = await shark(group, '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(inGroup);
    expect((await shark('--help')).stdout).toContain(inTop);
  });
}

/** A command that succeeded: nothing on stderr, exit code 0; its answer, read as JSON. */
export function jsonOfSuccess<T = unknown>(result: SharkResult): T {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}
