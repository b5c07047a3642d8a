// Refuses control characters before any handler sees them: Postgres cannot store U+0000 in text (it
// fails the whole query), and no id, token or query value of the API ever holds a control character.
// One guard here, in front of every route, rather than one in each contract.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

/** Body text may hold tabs and line breaks (notes, CSV), never NUL. */
const NUL = '\u0000';
/** A JSON text can only carry NUL as an escape (a raw control character is not valid JSON). */
const NUL_ESCAPE = /\\u0000/i;

/** Bodies that are files or streams (tus chunks, uploads): not text, not ours to read here. */
const BINARY_BODY =
  /^(multipart\/|application\/offset\+octet-stream|application\/octet-stream|image\/|video\/)/i;

export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000).';
export const CONTROL_MESSAGE = 'Must not contain control characters.';

export function inputHygiene(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Without a percent sign nothing in the address decodes to a control character: most requests
    // need no parsing here.
    if (c.req.url.includes('%') || hasControlCharacter(c.req.url)) refuseControlsIn(c.req.url);

    if (hasBody(c.req.method) && !BINARY_BODY.test(c.req.header('content-type') ?? '')) {
      // A copy: the handlers read the body in their own ways (the contracts' validators, c.req.raw.text()).
      const text = await c.req.raw.clone().text();
      refuseIfAny(nulFieldsOf(text, c.req.header('content-type') ?? ''), 'field');
    }
    return next();
  };
}

function refuseControlsIn(address: string): void {
  const url = new URL(address);
  // An id with a control character names nothing: the same answer as any unknown id.
  for (const segment of url.pathname.split('/')) {
    if (hasControlCharacter(decodeSegment(segment))) {
      throw new AppError('NOT_FOUND', 'No such resource.');
    }
  }
  const badQuery: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (hasControlCharacter(key) || hasControlCharacter(value))
      badQuery[printable(key)] = CONTROL_MESSAGE;
  }
  refuseIfAny(badQuery, 'query parameter');
}

/** The fields of a request body whose text holds NUL, by path (`items.2.title`); `_` for the body itself. */
export function nulFieldsOf(text: string, contentType: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    for (const [key, value] of new URLSearchParams(text)) {
      if (key.includes(NUL) || value.includes(NUL)) fields[printable(key)] = NUL_MESSAGE;
    }
    return fields;
  }
  if (!text.includes(NUL) && !NUL_ESCAPE.test(text)) return fields;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: refused as a whole if it carries NUL itself (its text "\\u0000" is just text).
    if (text.includes(NUL)) fields._ = NUL_MESSAGE;
    return fields;
  }
  walk(json, [], fields);
  if (Object.keys(fields).length === 0 && text.includes(NUL)) fields._ = NUL_MESSAGE;
  return fields;
}

function walk(value: unknown, path: string[], fields: Record<string, string>): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) fields[path.join('.') || '_'] = NUL_MESSAGE;
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, [...path, String(index)], fields));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) fields[[...path, printable(key)].join('.')] = NUL_MESSAGE;
      else walk(item, [...path, key], fields);
    }
  }
}

function refuseIfAny(fields: Record<string, string>, noun: string): void {
  const names = Object.keys(fields);
  if (names.length === 0) return;
  const first = names[0]!;
  const message =
    first === '_'
      ? `The request body ${fields[first]!.charAt(0).toLowerCase()}${fields[first]!.slice(1)}`
      : `The ${noun} "${first}": ${fields[first]!.charAt(0).toLowerCase()}${fields[first]!.slice(1)}`;
  throw new AppError('VALIDATION_FAILED', message, { fields });
}

function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: Hono leaves such a segment as it is, and so does this check.
    return segment;
  }
}

/** C0 controls and DEL: never part of an id, a token, a path, a query value or a file name. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A name fit for a message: control characters shown as their escapes, length bounded. */
function printable(name: string): string {
  let shown = '';
  for (const ch of name.slice(0, 64)) {
    shown += hasControlCharacter(ch) ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch;
  }
  return shown;
}
