// Keyset cursors of the takedown report: the edge row's sort value (as Postgres prints it) and id, the
// side of it the wanted page lies on, and the order they belong to (a cursor of another order is refused).
import type { SortDirection, TakedownSort } from '@shark/contracts/takedown-report.ts';
import { TAKEDOWN_SORTS } from '@shark/contracts/takedown-report.ts';
import { AppError } from '#server/http/app-error.ts';
import type { PageSide, SortKey } from './takedown-report-repository.ts';

export interface ReportCursor extends SortKey {
  side: PageSide;
  sort: TakedownSort;
  dir: SortDirection;
}

export function encodeReportCursor(cursor: ReportCursor): string {
  return Buffer.from(
    JSON.stringify([
      cursor.side === 'after' ? 'a' : 'b',
      cursor.sort,
      cursor.dir,
      cursor.value,
      cursor.id,
    ]),
  ).toString('base64url');
}

const invalid = () =>
  new AppError(
    'VALIDATION_FAILED',
    'This page link is not valid for this order. Start again from the first page.',
    {
      fields: { cursor: 'This page link is not valid.' },
    },
  );

/** The cursor a page of the same order handed out; anything else is a 400 on the `cursor` field. */
export function decodeReportCursor(
  raw: string,
  order: { sort: TakedownSort; dir: SortDirection },
): ReportCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw invalid();
  const [side, sort, dir, value, id] = parsed as unknown[];
  if (side !== 'a' && side !== 'b') throw invalid();
  if (
    typeof sort !== 'string' ||
    !(TAKEDOWN_SORTS as readonly string[]).includes(sort) ||
    sort !== order.sort
  )
    throw invalid();
  if (dir !== order.dir) throw invalid();
  if (
    typeof value !== 'string' ||
    value.length > 300 ||
    typeof id !== 'string' ||
    id === '' ||
    id.length > 100
  )
    throw invalid();
  if (!isValidSortValue(order.sort, value)) throw invalid();
  return { side: side === 'a' ? 'after' : 'before', sort: order.sort, dir: order.dir, value, id };
}

/** The value must cast in the database without error: a time Postgres printed, a status rank, a host. */
function isValidSortValue(sort: TakedownSort, value: string): boolean {
  switch (sort) {
    case 'confirmedAt':
    case 'noticeSentAt':
    case 'removedAt':
      return (
        value === 'infinity' ||
        value === '-infinity' ||
        (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/.test(
          value,
        ) &&
          !Number.isNaN(Date.parse(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))))
      );
    case 'status':
      return /^[0-6]$/.test(value);
    case 'host':
      return true;
  }
}
