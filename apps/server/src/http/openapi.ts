// Building blocks of the OpenAPI route definitions: response and request-body entries.
import type { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shark/contracts/http.ts';

/** An error answer: the shared error body. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** A JSON answer of the given schema. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of the given schema. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
