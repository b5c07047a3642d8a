import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivateTmpdir } from './private-tmpdir.ts';

const before = process.env.TMPDIR;
let made: string | undefined;
afterEach(() => {
  if (made) rmSync(made, { recursive: true, force: true });
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
});

describe('usePrivateTmpdir', () => {
  it('points os.tmpdir() at a new folder only the owner may enter', () => {
    const shared = tmpdir();
    const folder = (made = usePrivateTmpdir());
    expect(tmpdir()).toBe(folder);
    expect(folder.startsWith(shared)).toBe(true);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });
});
