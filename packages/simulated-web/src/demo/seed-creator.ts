// Seeds a creator into a running Shark through its HTTP API, as a person would: sign up, verify the
// e-mail (read from DATA_DIR/mail), a subscription (granted by the caller: the CLI, or a test's
// services), her accounts, her reference files (tus upload), her whitelist; then starts a scan.
// Running it again on the same data signs in and adds only what is missing.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import PostalMime from 'postal-mime';

export interface SeedCreatorOptions {
  /** Where to reach Shark, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  /** Shark's public URL (PUBLIC_URL), sent as Origin as a browser would; default baseUrl. */
  publicUrl?: string;
  /** Where Shark writes mails when SMTP is not configured (DATA_DIR/mail). */
  mailDir: string;
  email: string;
  password: string;
  displayName: string;
  accounts: { platform: string; username: string }[];
  references: { name: string; path: string }[];
  whitelist: string[];
  /** Gives the user a subscription with every feature (Premium): `shark users grant`, or a test's services. */
  grant: (email: string) => Promise<void>;
  /** How long to wait for the reference files to be fingerprinted. Default 120 s. */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  /** False when the user existed already (a second run on the same data). */
  created: boolean;
  /** The signed-in API client, for what comes next (starting a scan). */
  client: SharkClient;
  references: { id: string; fileName: string; status: string }[];
}

interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small browser-like client: keeps the session cookie and sends the header the SPA sends. */
export class SharkClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string = new URL(baseUrl).origin,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    // Sign-up and sign-in check the Origin against PUBLIC_URL, as for a browser.
    const headers: Record<string, string> = {
      'x-provider': 'shark',
      origin: this.origin,
      ...extra,
    };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  private absorb(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const isBytes = body instanceof Uint8Array;
    const headers = this.headers(
      body === undefined || isBytes
        ? extraHeaders
        : { 'content-type': 'application/json', ...extraHeaders },
    );
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : isBytes ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.absorb(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }
}

function fail(step: string, response: ApiResponse<unknown>): never {
  const detail = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  throw new Error(`${step} failed: HTTP ${response.status} ${detail.slice(0, 300)}`);
}

/** The token of the newest verification mail to `email`. */
async function verificationToken(mailDir: string, email: string): Promise<string> {
  const files = (await readdir(mailDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = await PostalMime.parse(await readFile(join(mailDir, file)));
    const to = mail.to?.map((address) => address.address ?? '') ?? [];
    if (!to.includes(email)) continue;
    const match = /https?:\/\/[^\s"<>]+\/email-settings\/verification\/([^\s"<>/?#]+)/.exec(
      `${mail.text ?? ''}\n${mail.html ?? ''}`,
    );
    if (match) return match[1]!;
  }
  throw new Error(`No verification mail to ${email} in ${mailDir}`);
}

const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Uploads one file with tus 1.0 (create, then one PATCH): the way the web app uploads. */
async function upload(client: SharkClient, name: string, bytes: Buffer): Promise<void> {
  const created = await client.request('POST', '/api/uploads', undefined, {
    'tus-resumable': '1.0.0',
    'upload-length': String(bytes.length),
    'upload-metadata': metadata({
      filename: name,
      filetype: name.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg',
    }),
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) fail(`Uploading ${name}`, created);
  const patched = await client.request('PATCH', new URL(location, client.baseUrl).pathname, bytes, {
    'tus-resumable': '1.0.0',
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  });
  if (patched.status !== 204) fail(`Uploading ${name}`, patched);
}

interface ReferenceFileRow {
  id: string;
  fileName: string;
  status: string;
  failureReason: string | null;
}

export async function seedCreator(options: SeedCreatorOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const client = new SharkClient(
    options.baseUrl,
    new URL(options.publicUrl ?? options.baseUrl).origin,
  );
  const credentials = { email: options.email, password: options.password };

  let created = false;
  if ((await client.post('/api/auth/sign-in/email', credentials)).status !== 200) {
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: options.displayName,
      ...credentials,
    });
    if (signUp.status !== 200) fail('Signing up', signUp);
    const verified = await client.get(
      `/api/auth/verify-email?token=${encodeURIComponent(await verificationToken(options.mailDir, options.email))}`,
    );
    if (verified.status !== 200 && verified.status !== 302)
      fail('Verifying the e-mail address', verified);
    created = true;
    log(`signed up ${options.email} and verified the address`);
  }
  await options.grant(options.email);
  // The session is signed in again after the grant so that it carries the new plan.
  const signIn = await client.post('/api/auth/sign-in/email', credentials);
  if (signIn.status !== 200) fail('Signing in', signIn);
  const completed = await client.post('/api/onboarding/complete');
  if (completed.status !== 200) fail('Completing onboarding', completed);

  for (const account of options.accounts) {
    const added = await client.post('/api/accounts', {
      platform: account.platform,
      username: account.username,
    });
    if (added.status !== 201 && added.status !== 409)
      fail(`Adding the ${account.platform} account @${account.username}`, added);
  }
  log(`accounts: ${options.accounts.map((a) => `@${a.username} (${a.platform})`).join(', ')}`);

  for (const value of options.whitelist) {
    const added = await client.post('/api/whitelist', {
      value,
      note: 'Official pages (seeded by the demo)',
    });
    if (added.status !== 201 && added.status !== 409) fail(`Whitelisting ${value}`, added);
  }
  log(`whitelist: ${options.whitelist.join(', ')}`);

  const listFiles = async () => {
    const listed = await client.get<{ files: ReferenceFileRow[] }>('/api/reference-files');
    if (listed.status !== 200) fail('Listing the reference files', listed);
    return listed.body.files;
  };
  const present = new Set(
    (await listFiles()).filter((file) => file.status !== 'failed').map((file) => file.fileName),
  );
  for (const reference of options.references) {
    const name = basename(reference.name);
    if (present.has(name)) continue;
    await upload(client, name, await readFile(reference.path));
  }
  log(`reference files: ${options.references.map((r) => r.name).join(', ')}`);

  // Fingerprinting runs as jobs: a scan can match only once the references are ready.
  const names = new Set(options.references.map((r) => basename(r.name)));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    const files = (await listFiles()).filter((file) => names.has(file.fileName));
    const failed = files.find((file) => file.status === 'failed');
    if (failed)
      throw new Error(
        `Fingerprinting ${failed.fileName} failed: ${failed.failureReason ?? 'no reason given'}`,
      );
    if (files.length >= names.size && files.every((file) => file.status === 'ready')) {
      log('reference files are fingerprinted');
      return {
        created,
        client,
        references: files.map(({ id, fileName, status }) => ({ id, fileName, status })),
      };
    }
    if (Date.now() > deadline)
      throw new Error(
        `The reference files were not fingerprinted in time: ${files.map((f) => `${f.fileName} ${f.status}`).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type StartScanOutcome =
  | { started: true; scanId: string }
  | { started: false; reason: 'not-available' | 'running' | 'limit'; message: string };

/** POST /api/scans ("Scan now"). */
export async function startScan(client: SharkClient): Promise<StartScanOutcome> {
  const response = await client.post<{ id?: string; scan?: { id?: string }; message?: string }>(
    '/api/scans',
    {},
  );
  if (response.status === 200 || response.status === 201 || response.status === 202) {
    const id = response.body.id ?? response.body.scan?.id;
    if (!id)
      throw new Error(
        `POST /api/scans answered without a scan id: ${JSON.stringify(response.body)}`,
      );
    return { started: true, scanId: id };
  }
  if (response.status === 404)
    return {
      started: false,
      reason: 'not-available',
      message: 'This Shark has no scans yet (POST /api/scans answered 404).',
    };
  if (response.status === 409)
    return {
      started: false,
      reason: 'running',
      message: response.body.message ?? 'A scan is already running.',
    };
  if (response.status === 403)
    return {
      started: false,
      reason: 'limit',
      message: response.body.message ?? 'The plan allows no more scans this month.',
    };
  fail('Starting a scan', response);
}

/**
 * Signs the creator's agent authorisation (notices go out, and their recipients are looked up, only
 * once she has); returns the answer's status.
 */
export async function signAuthorization(client: SharkClient): Promise<number> {
  const signed = await client.post('/api/authorization', {
    legalName: 'Luna Example Fox',
    addressLine1: '1 Example Street',
    city: 'London',
    postalCode: 'N1 1AA',
    country: 'GB',
    signature: 'Luna Example Fox',
    agree: true,
  });
  return signed.status;
}

/** The `shark` CLI's arguments that give an account a Premium subscription. */
export function premiumGrantArgs(email: string): string[] {
  return ['users', 'grant', email, '--status', 'subscribed', '--plan', 'premium'];
}
