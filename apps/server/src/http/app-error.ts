// The one error type: a code, a message for people, and the HTTP status it maps to.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { LimitDetails } from '@shark/contracts/http.ts';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'PLAN_LIMIT_REACHED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PROVIDER_REQUIRED'
  | 'UNKNOWN_PROVIDER'
  | 'INTERNAL';

const statusOf: Record<AppErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT_REACHED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PROVIDER_REQUIRED: 400,
  UNKNOWN_PROVIDER: 400,
  INTERNAL: 500,
};

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly extra: {
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      limit?: LimitDetails;
    } = {},
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return statusOf[this.code];
  }

  toBody() {
    return {
      code: this.code,
      message: this.message,
      ...(this.extra.fields ? { fields: this.extra.fields } : {}),
      ...(this.extra.limit ? { limit: this.extra.limit } : {}),
    };
  }
}
