// A browser-like HTTP client for tests: keeps cookies and sends the SPA's headers.
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly provider: string | null = 'shark',
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
    if (this.provider) headers[PROVIDER_HEADER] = this.provider;
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.absorb(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** A GET whose answer is binary (a download): the bytes as they came. */
  async download(path: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.provider) headers[PROVIDER_HEADER] = this.provider;
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), { headers, redirect: 'manual' });
    this.absorb(response.headers.getSetCookie());
    return {
      status: response.status,
      bytes: new Uint8Array(await response.arrayBuffer()),
      headers: response.headers,
    };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, body, headers);
  }

  absorb(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
