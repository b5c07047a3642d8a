// Keyset cursors for newest-first lists: the last row's creation time (to the millisecond) and id.
import { AppError } from '#server/http/app-error.ts';

export interface Cursor {
  /** ISO timestamp, millisecond precision. */
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The cursor a previous page handed out; anything else is a 400 on the `cursor` field. */
export function decodeCursor(raw: string): Cursor {
  const invalid = () =>
    new AppError(
      'VALIDATION_FAILED',
      'This page link is not valid. Start again from the first page.',
      {
        fields: { cursor: 'This page link is not valid.' },
      },
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || id === '' || id.length > 100)
    throw invalid();
  const time = Date.parse(createdAt);
  if (Number.isNaN(time) || new Date(time).toISOString() !== createdAt) throw invalid();
  return { createdAt, id };
}
