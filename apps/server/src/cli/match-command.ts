// `shark match --refs DIR --candidates DIR [--json]`: which candidate files are copies of which references.
import { stat } from 'node:fs/promises';
import { FileMatcher, type FileMatch } from '@shark/engine/matching/match-files.ts';
import { parseArgs, UsageError } from './args.ts';

export const MATCH_HELP = `Usage:
  shark match --refs DIR --candidates DIR [--json]
      Matches every image and video under --candidates (recognised by content) against those
      under --refs. With --json, one JSON object per line per candidate:
        {"candidate": "<path>", "reference": "<path or null>", "distance": <int or null>, "confidence": <0..1>}
      An unreadable or unsupported candidate gets a line with an "error" field and the run goes
      on; the exit code is 0 when the run completes. Without --json, a readable table.`;

async function requireDirectory(
  flag: string,
  value: string | boolean | undefined,
): Promise<string> {
  if (typeof value !== 'string' || value === '')
    throw new UsageError(`--${flag} DIR is required.\n\n${MATCH_HELP}`);
  const info = await stat(value).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`--${flag} ${value} is not a directory.`);
  return value;
}

export async function runMatchCommand(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const { positionals, flags } = parseArgs(argv, {
    refs: { kind: 'value' },
    candidates: { kind: 'value' },
    json: { kind: 'boolean' },
  });
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument "${positionals[0]}".\n\n${MATCH_HELP}`);
  const refs = await requireDirectory('refs', flags.get('refs'));
  const candidates = await requireDirectory('candidates', flags.get('candidates'));
  const asJson = flags.get('json') === true;

  const matcher = new FileMatcher();
  try {
    const loaded = await matcher.loadReferences(refs);
    for (const problem of loaded.errors)
      err(`shark: reference ${problem.file} skipped: ${problem.error}`);
    err(
      `shark: ${loaded.images} reference image(s) and ${loaded.videos} reference video(s) loaded`,
    );

    const row = (m: FileMatch) => [
      m.candidate,
      m.reference ?? (m.error ? `error: ${m.error}` : '—'),
      m.distance === null ? '—' : String(m.distance),
      m.confidence.toFixed(3),
    ];
    if (!asJson) out(['candidate', 'reference', 'distance', 'confidence'].join('\t'));
    for await (const result of matcher.matchDirectory(candidates)) {
      if (asJson) {
        const { candidate, reference, distance, confidence, error } = result;
        out(
          JSON.stringify({
            candidate,
            reference,
            distance,
            confidence,
            ...(error ? { error } : {}),
          }),
        );
      } else {
        out(row(result).join('\t'));
      }
    }
  } finally {
    await matcher.close();
  }
  return 0;
}
