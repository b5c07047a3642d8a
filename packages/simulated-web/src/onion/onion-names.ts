// Onion names of the simulated dark web: 56 base32 characters, the shape of a v3 onion address,
// derived from a label so they stay the same across runs.
import { createHash } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function onionNameOf(label: string): string {
  const bytes = Buffer.concat([
    createHash('sha256').update(`simulated-onion:${label}`).digest(),
    createHash('sha256').update(`simulated-onion-2:${label}`).digest(),
  ]);
  let name = '';
  for (let i = 0; name.length < 56; i++) name += BASE32[bytes[i]! % 32];
  return `${name}.onion`;
}
