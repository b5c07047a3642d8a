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
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'The request is invalid.';
  throw new AppError('VALIDATION_FAILED', first, { fields });
}
