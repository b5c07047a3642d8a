// The one fetch wrapper every API call goes through: cookies, provider header, JSON, typed errors.
import { PROVIDER_HEADER, apiErrorSchema } from '@shark/contracts/http-mini.ts';
import type { LimitDetails } from '@shark/contracts/http.ts';
import * as z from 'zod/mini';

/** Fixed per build; tells the server which brand the SPA belongs to. */
export const PROVIDER_ID: string = import.meta.env.VITE_SHARK_PROVIDER ?? 'shark';

export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** With PLAN_LIMIT_REACHED: the limit, what the plan allows and the tier that allows more. */
  readonly limit: LimitDetails | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    limit?: LimitDetails | undefined;
  }) {
    super(init.message);
    this.name = 'ApiClientError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.limit = init.limit;
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many attempts. Wait a moment and try again.';
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'This was not found.';
  if (status >= 500) return 'The server had a problem. Try again in a moment.';
  return 'The request could not be completed.';
}

/** Builds the error for a non-2xx answer; tolerates bodies that are not the shared error shape. */
export function toApiClientError(status: number, body: unknown): ApiClientError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiClientError({ status, ...parsed.data });
  }
  const loose = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return new ApiClientError({
    status,
    code: typeof loose.code === 'string' && loose.code !== '' ? loose.code : `HTTP_${status}`,
    message:
      typeof loose.message === 'string' && loose.message !== ''
        ? loose.message
        : fallbackMessage(status),
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type RequestOptions<TSchema extends z.core.$ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** When given, the answer is validated with it and typed by it. */
  schema?: TSchema;
  signal?: AbortSignal;
};

type Result<TSchema> = TSchema extends z.core.$ZodType ? z.output<TSchema> : unknown;

export async function apiRequest<TSchema extends z.core.$ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<Result<TSchema>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: {
        [PROVIDER_HEADER]: PROVIDER_ID,
        'content-type': 'application/json',
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }

  const body = await readBody(response);
  if (!response.ok) throw toApiClientError(response.status, body);
  if (options.schema === undefined) return body as Result<TSchema>;
  return z.parse(options.schema, body) as Result<TSchema>;
}

export const api = {
  get<TSchema extends z.core.$ZodType | undefined = undefined>(
    path: string,
    schema?: TSchema,
    signal?: AbortSignal,
  ) {
    return apiRequest(path, { method: 'GET', schema, signal });
  },
  post<TSchema extends z.core.$ZodType | undefined = undefined>(
    path: string,
    body: unknown,
    schema?: TSchema,
  ) {
    return apiRequest(path, { method: 'POST', body, schema });
  },
};
