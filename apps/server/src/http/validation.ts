// Parses a JSON body with a contract; bad input becomes a 400 naming each field.
import type { z } from 'zod';
import { AppError } from './app-error.ts';

export function parseBody<T>(schema: z.ZodType<T>, raw: string): T {
  let json: unknown;
  try {
    json = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** A 400 whose `fields` name each bad field by its path (`saleUrls.1`), first message per field. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'The request is invalid.';
  return new AppError('VALIDATION_FAILED', first, { fields });
}

/**
 * The `defaultHook` of an OpenAPIHono whose routes declare their body, query or params: a request
 * that fails the contract becomes the same 400 as parseBody's.
 */
export function throwOnInvalid(
  result: { success: true } | { success: false; error: z.ZodError },
): void {
  if (!result.success) throw validationError(result.error);
}
