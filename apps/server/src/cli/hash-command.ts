// `shark hash FILE...`: PDQ hashes in the output format of Meta's pdq-photo-hasher.
import { decodeLuma } from '@shark/engine/matching/decode.ts';
import { pdqFromLuma } from '@shark/engine/matching/pdq.ts';
import { UsageError } from './args.ts';

export const HASH_HELP = `Usage:
  shark hash FILE...
      Prints one line per image: <64 hex PDQ hash>,<quality>,<FILE>
      (the output format of Meta's pdq-photo-hasher; EXIF orientation is applied).
      A file that cannot be read is reported on stderr; the others are still hashed.`;

/** Hashes each file in turn; returns the exit code (1 when any file could not be hashed). */
export async function runHashCommand(
  files: string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (files.length === 0) throw new UsageError(HASH_HELP);
  const unknownFlag = files.find((f) => f.startsWith('--'));
  if (unknownFlag) throw new UsageError(`Unknown flag ${unknownFlag}.`);
  let failed = 0;
  for (const file of files) {
    try {
      const { hash, quality } = pdqFromLuma(await decodeLuma(file));
      out(`${hash},${quality},${file}`);
    } catch (error) {
      failed++;
      err(`shark: ${file}: ${(error as Error).message}`);
    }
  }
  return failed > 0 ? 1 : 0;
}
