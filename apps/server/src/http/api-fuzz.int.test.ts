// Every operation of the server's own OpenAPI document, and the input-taking routes it does not list
// (the auth library's, tus uploads), sent hostile input field by field as a fully entitled creator:
// a NUL, a 100 KB string, a negative number, a wrong type and a malformed id. None may answer 500.
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateProfileRequestSchema,
} from '@shark/contracts/auth.ts';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { DISCOVERY_SOURCES } from '@shark/contracts/search-terms.ts';
import { UPLOAD_METADATA, UPLOADS_ENDPOINT } from '@shark/contracts/reference-files.ts';
import { entitledCreator, type EntitledCreator } from '#server/testing/entitled-creator.ts';
import {
  FUZZ_CASES,
  fieldsOf,
  hostileUrlText,
  hostileValue,
  operationsOf,
  sampleOf,
  withValueAt,
  type FuzzCase,
  type JsonSchema,
  type Operation,
} from '#server/testing/openapi-fuzz.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';

let server: TestServer;
let creator: EntitledCreator;
/** A creator whose onboarding is still open: the onboarding routes are hers. */
let newcomer: EntitledCreator;
/** Who sends the operation at hand. */
let current: EntitledCreator;
/** A real resource of the creator's for each path that names one, so a fuzzed body reaches the handler. */
const knownIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer(
    {
      AUTH_RATE_MAX_PER_EMAIL: '100000',
      AUTH_RATE_MAX_PER_IP: '100000',
      AUTH_RATE_DELAY_BASE_MS: '0',
      AUTH_RATE_DELAY_MAX_MS: '0',
    },
    { workers: false },
  );
  creator = await entitledCreator(server);
  newcomer = await entitledCreator(server, { name: 'Ivy Newcomer', onboarded: false });
  current = creator;
  // Free Removals are a promotion of their own: she has it too, so its routes read their input.
  await server.services.accounts.grant(creator.email, { features: ['promoProtect'] });
  const made = async (path: string, body: unknown) => {
    const res = await creator.browser.post<{ id: string }>(path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.id;
  };
  knownIds['/whitelist/'] = await made('/api/whitelist', { value: 'fuzz-base.example' });
  knownIds['/content/collections/'] = await made('/api/content/collections', { title: 'Base set' });
  knownIds['/content/items/'] = await made('/api/content/items', {
    title: 'Base item',
    type: 'set',
  });
  knownIds['/accounts/'] = await made('/api/accounts', {
    platform: 'fansly',
    username: 'novabase',
  });
  knownIds['/search-terms/'] = await made('/api/search-terms', {
    term: 'nova reyes base',
    sources: [],
  });
  knownIds['/support/'] = await made('/api/support', { subject: 'Base', message: 'Base request' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Plausible values of fields that name things: a real discovery source, her real collection. */
const sampleIds = (): Record<string, string> => ({
  source: DISCOVERY_SOURCES[0],
  collectionId: knownIds['/content/collections/']!,
  platform: 'instagram',
  // Deleting her account takes her password too, and the fuzz never sends it: the request is refused.
  confirmation: 'delete my account',
});

/** Operations whose ordinary effect ends what the others need (the authorisation, the plan): sent last. */
const LAST = ['POST /billing/cancel', 'DELETE /authorization', 'DELETE /account'];
const order = (op: Operation) => LAST.indexOf(`${op.method} ${op.path}`);

interface Sent {
  what: string;
  status: number;
  body: string;
}

const failures: Sent[] = [];
/** Answers by status: the fuzz must reach the handlers, not stop at the sign-in or a guard. */
const answered = new Map<number, number>();
let requests = 0;
let signIns = 0;

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const cookie = [...current.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { [PROVIDER_HEADER]: 'shark', ...(cookie ? { cookie } : {}), ...extra };
}

async function send(
  what: string,
  method: string,
  url: string,
  body?: { json: unknown } | { form: FormData },
): Promise<void> {
  requests += 1;
  const init: RequestInit = { method, redirect: 'manual', headers: headers() };
  if (body && 'json' in body) {
    init.headers = headers({ 'content-type': 'application/json' });
    init.body = JSON.stringify(body.json);
  } else if (body) {
    init.body = body.form;
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(url, server.url), init);
    text = await response.text();
  } catch (error) {
    // A connection dropped mid-answer (a stream that failed) is as much a server fault as a 500.
    failures.push({ what, status: 0, body: String(error) });
    return;
  }
  current.browser.absorb(response.headers.getSetCookie());
  answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
  if (response.status >= 500)
    failures.push({ what, status: response.status, body: text.slice(0, 300) });
  if (response.status === 401) await keepSignedIn();
}

/** A fuzzed request may have ended the session (a sign-out, a password change): sign in again. */
async function keepSignedIn(): Promise<void> {
  const res = await fetch(new URL('/api/user', server.url), { headers: headers() });
  if (res.status !== 401) return;
  signIns += 1;
  await current.signIn();
}

function baseParam(op: Operation, name: string): string {
  const prefix = Object.keys(knownIds).find((p) => op.path.startsWith(p));
  return prefix && name === 'id' ? knownIds[prefix]! : 'fuzz-id-1';
}

function urlOf(
  op: Operation,
  hostile: { name: string; text: string; in: 'path' | 'query' } | null,
): string {
  let path = op.path;
  for (const param of op.pathParams) {
    const text =
      hostile?.in === 'path' && hostile.name === param.name
        ? hostile.text
        : encodeURIComponent(baseParam(op, param.name));
    path = path.replace(`{${param.name}}`, text);
  }
  // Required query parameters keep a valid value, so the one fuzzed is what the handler trips on.
  const query = new Map(
    op.queryParams
      .filter((p) => p.required)
      .map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, p.name)))]),
  );
  if (hostile?.in === 'query') query.set(hostile.name, hostile.text);
  const search = [...query].map(([name, text]) => `${encodeURIComponent(name)}=${text}`).join('&');
  return `/api${path}${search ? `?${search}` : ''}`;
}

function formOf(schema: JsonSchema, replaced: { name: string; value: unknown } | null): FormData {
  const form = new FormData();
  const sample = sampleOf(schema, '', sampleIds()) as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = replaced?.name === name ? replaced.value : sample[name];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (property.format === 'binary') {
      const csv =
        replaced?.name === name
          ? `https://fuzz-site.example/a\n${text}\n`
          : 'https://fuzz-site.example/a\n';
      form.append(name, new Blob([csv], { type: 'text/csv' }), 'fuzz.csv');
    } else {
      form.append(name, text);
    }
  }
  return form;
}

/** The requests of one case for one operation: each parameter and each body field in turn. */
async function fuzzOperation(op: Operation, kind: FuzzCase): Promise<void> {
  current =
    op.path.startsWith('/onboarding/') && op.path !== '/onboarding/complete' ? newcomer : creator;
  const label = `${kind}: ${op.method} ${op.path}`;
  let sent = 0;
  for (const param of op.pathParams) {
    await send(
      `${label} path ${param.name}`,
      op.method,
      urlOf(op, { in: 'path', name: param.name, text: hostileUrlText(kind, param.schema) }),
      bodyOf(op, null),
    );
    sent += 1;
  }
  for (const param of op.queryParams) {
    await send(
      `${label} query ${param.name}`,
      op.method,
      urlOf(op, { in: 'query', name: param.name, text: hostileUrlText(kind, param.schema) }),
      bodyOf(op, null),
    );
    sent += 1;
  }
  if (op.body) {
    for (const field of fieldsOf(op.body.schema)) {
      await send(
        `${label} body ${field.path.join('.')}`,
        op.method,
        urlOf(op, null),
        bodyOf(op, { path: field.path, value: hostileValue(kind, field.schema) }),
      );
      sent += 1;
    }
    if (kind === 'wrong type') {
      for (const whole of [null, 'text', [1, 2]]) {
        await send(`${label} body as ${JSON.stringify(whole)}`, op.method, urlOf(op, null), {
          json: whole,
        });
        sent += 1;
      }
    }
  }
  if (sent === 0) {
    // Nothing declared: an undeclared parameter (and body field) carries the case instead.
    const body = op.method === 'GET' ? undefined : { json: { fuzz: hostileValue(kind, {}) } };
    const url = urlOf(op, null);
    await send(
      `${label} undeclared`,
      op.method,
      `${url}${url.includes('?') ? '&' : '?'}fuzz=${hostileUrlText(kind, {})}`,
      body,
    );
  }
}

function bodyOf(
  op: Operation,
  replaced: { path: (string | number)[]; value: unknown } | null,
): { json: unknown } | { form: FormData } | undefined {
  if (!op.body) return undefined;
  if (op.body.contentType.startsWith('multipart/')) {
    return {
      form: formOf(
        op.body.schema,
        replaced ? { name: String(replaced.path[0]), value: replaced.value } : null,
      ),
    };
  }
  const base = sampleOf(op.body.schema, '', sampleIds());
  return { json: replaced ? withValueAt(base, replaced.path, replaced.value) : base };
}

/** The auth routes the document does not list, each with its contract's schema. */
const AUTH_ROUTES: [path: string, schema: z.ZodType][] = [
  ['/auth/sign-up/email', signUpRequestSchema],
  ['/auth/sign-in/email', signInRequestSchema],
  ['/auth/request-password-reset', passwordResetRequestSchema],
  ['/auth/reset-password', resetPasswordRequestSchema],
  ['/auth/send-verification-email', sendVerificationRequestSchema],
  ['/auth/update-user', updateProfileRequestSchema],
  ['/auth/change-email', changeEmailRequestSchema],
  ['/auth/change-password', changePasswordRequestSchema],
];

async function fuzzUnlisted(kind: FuzzCase): Promise<number> {
  let operations = 0;
  for (const [path, contract] of AUTH_ROUTES) {
    const schema = z.toJSONSchema(contract, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    await fuzzOperation(
      {
        method: 'POST',
        path,
        pathParams: [],
        queryParams: [],
        body: { contentType: 'application/json', schema },
      },
      kind,
    );
    operations += 1;
  }
  for (const path of ['/auth/verify-email', '/auth/get-session']) {
    await fuzzOperation(
      {
        method: 'GET',
        path,
        pathParams: [],
        queryParams: [{ name: 'token', schema: { type: 'string' }, required: false }],
        body: null,
      },
      kind,
    );
    operations += 1;
  }
  // tus: the file name and the declared length are the creator's input.
  const tusName = hostileValue(kind, { type: 'string' });
  const fileName = Buffer.from(typeof tusName === 'string' ? tusName : String(tusName)).toString(
    'base64',
  );
  for (const [length, metadata] of [
    ['10', `${UPLOAD_METADATA.fileName} ${fileName}`],
    [
      kind === 'negative' ? '-1' : kind === 'wrong type' ? 'ten' : '1e400',
      `${UPLOAD_METADATA.fileName} ${Buffer.from('a.jpg').toString('base64')}`,
    ],
  ] as const) {
    requests += 1;
    const res = await fetch(new URL(UPLOADS_ENDPOINT, server.url), {
      method: 'POST',
      headers: headers({
        'tus-resumable': '1.0.0',
        'upload-length': length,
        'upload-metadata': metadata,
      }),
    });
    if (res.status >= 500)
      failures.push({
        what: `${kind}: tus create (${length})`,
        status: res.status,
        body: (await res.text()).slice(0, 300),
      });
    else await res.body?.cancel();
  }
  return operations + 1;
}

it('answers every operation with hostile input without a 500', async () => {
  const doc = (await (await fetch(new URL('/api/openapi.json', server.url))).json()) as Parameters<
    typeof operationsOf
  >[0];
  const operations = operationsOf(doc).sort((a, b) => order(a) - order(b));
  expect(operations.length).toBeGreaterThan(100);
  let unlisted = 0;
  for (const kind of FUZZ_CASES) {
    for (const op of operations) await fuzzOperation(op, kind);
    unlisted = await fuzzUnlisted(kind);
    // The destructive operations ran last; the next case starts with the full set-up again.
    if (kind !== FUZZ_CASES.at(-1)) await restore();
  }
  const total = operations.length + unlisted;
  console.log(
    `api fuzz: ${total} operations (${operations.length} in the OpenAPI document, ${unlisted} outside it) × ${FUZZ_CASES.length} cases = ${total * FUZZ_CASES.length} operation-cases, ${requests} requests (each parameter and body field in turn), ${signIns} re-sign-ins, ${failures.length ? `${failures.length} answered 500` : 'no 500'}`,
  );
  console.log(
    `api fuzz answers by status: ${JSON.stringify(Object.fromEntries([...answered].sort(([a], [b]) => a - b)))}`,
  );
  expect(failures).toEqual([]);
  // Deep enough: hardly any request was stopped as signed out or forbidden before its handler read it.
  expect(answered.get(401) ?? 0).toBeLessThan(requests / 50);
  expect(answered.get(403) ?? 0).toBeLessThan(requests / 50);
}, 600_000);

/** Undoes what the last operations of a case may have done: the plan and the signed authorisation. */
async function restore(): Promise<void> {
  await keepSignedIn();
  await server.services.accounts.grant(creator.email, { status: 'subscribed', plan: 'premium' });
  const state = await creator.browser.get<{ authorization: unknown }>('/api/authorization');
  if (state.body.authorization === null) {
    await creator.browser.post('/api/authorization', {
      legalName: 'Nova Maria Reyes',
      addressLine1: '12 Harbour Street',
      city: 'Portland',
      region: 'Oregon',
      postalCode: '97201',
      country: 'US',
      signature: 'nova maria reyes',
      agree: true,
    });
  }
}
