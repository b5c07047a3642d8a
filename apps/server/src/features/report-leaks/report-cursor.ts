// The opaque cursor of the report lists: the last row's created_at as Postgres wrote it and its id.
import { AppError } from '#server/http/app-error.ts';
import type { ListPosition } from './report-repository.ts';

export function encodeReportCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString(
    'base64url',
  );
}

export function decodeReportCursor(text: string): ListPosition {
  const invalid = () => {
    const message = 'This list position is not valid any more. Reload the list.';
    return new AppError('VALIDATION_FAILED', message, { fields: { cursor: message } });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || id === '' || id.length > 200)
    throw invalid();
  // Only what Postgres itself writes for a timestamptz reaches the query.
  if (
    !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(
      createdAt,
    )
  )
    throw invalid();
  return { createdAt, id };
}
