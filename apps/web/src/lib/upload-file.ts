// Multipart upload of one file to the API. Kept apart from apiRequest (JSON bodies): the file goes up
// as it is because the server judges it by its content (text encoding, not binary).
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import type { z } from 'zod';
import { ApiClientError, PROVIDER_ID, toApiClientError } from './api.ts';

export type UploadFileOptions<TSchema extends z.ZodType> = {
  /** Sent as the `file` part, under the file's own name. */
  file: File;
  /** Further text parts sent beside the file. */
  fields?: Readonly<Record<string, string>>;
  /** Validates and types the answer. */
  schema: TSchema;
};

export async function uploadFile<TSchema extends z.ZodType>(
  path: string,
  { file, fields = {}, schema }: UploadFileOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  let response: Response;
  try {
    // No content-type header: the browser writes the multipart boundary itself.
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { [PROVIDER_HEADER]: PROVIDER_ID },
      body: form,
    });
  } catch {
    throw new ApiClientError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: toApiClientError falls back to a message for the status.
  }
  if (!response.ok) throw toApiClientError(response.status, body);
  return schema.parse(body);
}
