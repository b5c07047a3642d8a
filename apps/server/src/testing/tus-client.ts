// A minimal tus 1.0 client for tests, speaking the protocol by hand so each request (and a dropped one) is explicit.
import { request as httpRequest } from 'node:http';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { UPLOADS_ENDPOINT } from '@shark/contracts/reference-files.ts';
import type { TestClient } from './http-client.ts';

export interface TusResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text. */
  body: unknown;
}

const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export class TusTestClient {
  constructor(
    private readonly baseUrl: string,
    private readonly browser: TestClient | null,
  ) {}

  private headers(extra: Record<string, string>): Record<string, string> {
    const headers: Record<string, string> = {
      'tus-resumable': '1.0.0',
      [PROVIDER_HEADER]: 'shark',
      ...extra,
    };
    if (this.browser?.cookies.size)
      headers.cookie = [...this.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
  ): Promise<TusResponse> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: this.headers(headers),
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // plain text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** POST: starts an upload of `size` bytes; `location` is the upload's URL path when created. */
  async create(
    size: number | string,
    fileName: string | null = 'photo.jpg',
  ): Promise<TusResponse & { location: string | null }> {
    const headers: Record<string, string> = { 'upload-length': String(size) };
    if (fileName !== null)
      headers['upload-metadata'] = metadataHeader({
        filename: fileName,
        filetype: 'application/octet-stream',
      });
    const response = await this.send('POST', UPLOADS_ENDPOINT, headers);
    return { ...response, location: response.headers.get('location') };
  }

  async head(location: string): Promise<TusResponse & { offset: number | null }> {
    const response = await this.send('HEAD', location, {});
    const offset = response.headers.get('upload-offset');
    return { ...response, offset: offset === null ? null : Number(offset) };
  }

  async patch(
    location: string,
    offset: number,
    bytes: Buffer,
  ): Promise<TusResponse & { offset: number | null }> {
    const response = await this.send(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );
    const newOffset = response.headers.get('upload-offset');
    return { ...response, offset: newOffset === null ? null : Number(newOffset) };
  }

  async terminate(location: string): Promise<TusResponse> {
    return this.send('DELETE', location, {});
  }

  /**
   * A PATCH whose connection drops part-way: announces `bytes.length`, sends the first `sendBytes`, waits for
   * `whenSent` (a condition on the server side) and then destroys the socket.
   */
  async droppedPatch(
    location: string,
    offset: number,
    bytes: Buffer,
    sendBytes: number,
    whenSent: () => Promise<void>,
  ): Promise<void> {
    const url = new URL(location, this.baseUrl);
    const req = httpRequest(url, {
      method: 'PATCH',
      headers: this.headers({
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      }),
    });
    const settled = new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.on('response', (res) => {
        res.resume();
        resolve();
      });
    });
    await new Promise<void>((resolve, reject) =>
      req.write(bytes.subarray(0, sendBytes), (error) => (error ? reject(error) : resolve())),
    );
    await whenSent();
    req.destroy();
    await settled;
  }
}
