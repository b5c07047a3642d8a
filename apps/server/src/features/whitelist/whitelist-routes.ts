// /api/whitelist/*: the creator's whitelist — list, add one, paste many, import a CSV, delete, and
// check whether a URL is covered. Sign-in and the set-up entitlement are checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import {
  WHITELIST_CSV_MAX_BYTES,
  addManyWhitelistSchema,
  addWhitelistEntrySchema,
  checkWhitelistResultSchema,
  checkWhitelistSchema,
  deleteWhitelistEntriesResultSchema,
  deleteWhitelistEntriesSchema,
  importWhitelistCsvSchema,
  whitelistBulkReportSchema,
  whitelistEntrySchema,
  whitelistListSchema,
} from '@shark/contracts/whitelist.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { AppError } from '#server/http/app-error.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import { readCsvLines, readPastedLines } from './whitelist-input.ts';
import type { WhitelistService } from './whitelist-service.ts';

type WhitelistEnv = { Variables: AppEnv['Variables'] & { entitled: Entitled } };

const guarded = {
  401: error('Not signed in'),
  403: error(
    'Not entitled to the protection set-up (FORBIDDEN), or the plan’s whitelist limit is reached (PLAN_LIMIT_REACHED)',
  ),
};
const withInput = { ...guarded, 400: error('Invalid input; `fields` names each bad field') };
const tags = ['Whitelist'];

const list = createRoute({
  method: 'get',
  path: '/whitelist',
  tags,
  summary: 'The whitelist, newest first',
  responses: { 200: json(whitelistListSchema, 'The entries'), ...guarded },
});

const add = createRoute({
  method: 'post',
  path: '/whitelist',
  tags,
  summary: 'Add a URL, domain or pattern (the kind is inferred when not given)',
  request: { body: body(addWhitelistEntrySchema) },
  responses: {
    201: json(whitelistEntrySchema, 'The new entry'),
    ...withInput,
    409: error('The same entry is already on the whitelist'),
  },
});

const addMany = createRoute({
  method: 'post',
  path: '/whitelist/bulk',
  tags,
  summary:
    'Add pasted entries, one per line: adds what it can up to the plan’s limit and reports every line',
  request: { body: body(addManyWhitelistSchema) },
  responses: { 200: json(whitelistBulkReportSchema, 'What happened to each line'), ...withInput },
});

const importCsv = createRoute({
  method: 'post',
  path: '/whitelist/import',
  tags,
  summary:
    'Import CSV text (columns value,note; kind optional; header optional), reported row by row',
  request: { body: body(importWhitelistCsvSchema) },
  responses: { 200: json(whitelistBulkReportSchema, 'What happened to each row'), ...withInput },
});

const csvFileSchema = z.object({
  file: z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `A UTF-8 CSV file of at most ${WHITELIST_CSV_MAX_BYTES} bytes`,
  }),
});

const importFile = createRoute({
  method: 'post',
  path: '/whitelist/import/file',
  tags,
  summary: 'Import an uploaded CSV file (multipart field `file`), reported row by row',
  middleware: [
    bodyLimit({
      maxSize: WHITELIST_CSV_MAX_BYTES + 64 * 1024,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw tooLarge();
      },
    }),
  ] as const,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: csvFileSchema } } },
  },
  responses: {
    200: json(whitelistBulkReportSchema, 'What happened to each row'),
    ...withInput,
    413: error('The file is too large'),
    415: error('The file is not a text (CSV) file'),
  },
});

const removeOne = createRoute({
  method: 'delete',
  path: '/whitelist/{id}',
  tags,
  summary: 'Delete one entry',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    204: { description: 'Deleted' },
    ...guarded,
    404: error('No such entry of this creator'),
  },
});

const removeMany = createRoute({
  method: 'post',
  path: '/whitelist/delete',
  tags,
  summary: 'Delete several entries: all of them, or none when one is not the creator’s',
  request: { body: body(deleteWhitelistEntriesSchema) },
  responses: {
    200: json(deleteWhitelistEntriesResultSchema, 'How many were deleted'),
    ...withInput,
    404: error('An id is not an entry of this creator'),
  },
});

const check = createRoute({
  method: 'post',
  path: '/whitelist/check',
  tags,
  summary: 'Whether a URL is whitelisted, by which entry, and why',
  request: { body: body(checkWhitelistSchema) },
  responses: { 200: json(checkWhitelistResultSchema, 'The answer'), ...withInput },
});

function tooLarge(): AppError {
  const message = `The file is larger than ${WHITELIST_CSV_MAX_BYTES / 1024 / 1024} MB. Split it and import the parts one by one.`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
}

/**
 * The text of an uploaded CSV file, judged by its content, not its name: UTF-8, UTF-16 with a
 * byte-order mark, or (what older spreadsheet programs write) Windows-1252. Binary files are refused.
 */
async function csvText(file: unknown): Promise<string> {
  if (!(file instanceof File)) {
    throw new AppError('VALIDATION_FAILED', 'Choose a CSV file to import.', {
      fields: { file: 'Choose a CSV file to import.' },
    });
  }
  if (file.size > WHITELIST_CSV_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (hasBinaryCharacters(text)) {
    const message =
      'This file is not a CSV text file. Export the list as CSV (UTF-8) and try again.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { fields: { file: message } });
  }
  if (text.trim() === '')
    throw new AppError('VALIDATION_FAILED', 'The CSV file is empty.', {
      fields: { file: 'The CSV file is empty.' },
    });
  return text;
}

/** Control characters other than tab, line breaks and form feed do not occur in text files. */
function hasBinaryCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x09 || (code > 0x0d && code < 0x20)) return true;
  }
  return false;
}

export function whitelistRoutes(deps: {
  auth: Auth;
  whitelist: WhitelistService;
  entitlements: Entitlements;
}) {
  const { whitelist } = deps;
  const app = new OpenAPIHono<WhitelistEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/whitelist/*',
    createMiddleware<WhitelistEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      c.set('entitled', await deps.entitlements.require(user.id, 'setup'));
      await next();
    }),
  );
  const entitled = (c: { get: (key: 'entitled') => Entitled }) => c.get('entitled');
  const userId = (c: { get: (key: 'entitled') => Entitled }) => c.get('entitled').userId;
  return app
    .openapi(list, async (c) => c.json(await whitelist.list(userId(c)), 200))
    .openapi(add, async (c) => c.json(await whitelist.add(entitled(c), c.req.valid('json')), 201))
    .openapi(addMany, async (c) => {
      const { text, note } = c.req.valid('json');
      return c.json(await whitelist.addMany(entitled(c), readPastedLines(text), note), 200);
    })
    .openapi(importCsv, async (c) =>
      c.json(await whitelist.addMany(entitled(c), readCsvLines(c.req.valid('json').csv)), 200),
    )
    .openapi(importFile, async (c) => {
      const text = await csvText(c.req.valid('form').file);
      return c.json(await whitelist.addMany(entitled(c), readCsvLines(text)), 200);
    })
    .openapi(check, async (c) =>
      c.json(await whitelist.check(userId(c), c.req.valid('json').url), 200),
    )
    .openapi(removeMany, async (c) =>
      c.json({ deleted: await whitelist.removeMany(userId(c), c.req.valid('json').ids) }, 200),
    )
    .openapi(removeOne, async (c) => {
      await whitelist.remove(userId(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
