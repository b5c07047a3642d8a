// What to tell the creator when an upload stops: the server's own message when it refused the file,
// and whether trying again can help.
import { apiErrorSchema } from '@shark/contracts/http.ts';

export interface UploadFailure {
  message: string;
  /** A connection or server problem: the same upload can resume. */
  canRetry: boolean;
  /** The plan's storage is full: the way on is a bigger plan. */
  isPlanLimit: boolean;
}

/** The parts of tus-js-client's DetailedError this needs. */
interface TusErrorLike {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
}

const CONNECTION_LOST = 'The connection was lost. Retry to continue from where the upload stopped.';

export function uploadFailureOf(error: unknown): UploadFailure {
  const response = (error as TusErrorLike | null)?.originalResponse ?? null;
  if (!response) return { message: CONNECTION_LOST, canRetry: true, isPlanLimit: false };
  const status = response.getStatus();
  let parsed: ReturnType<typeof apiErrorSchema.safeParse> | undefined;
  try {
    parsed = apiErrorSchema.safeParse(JSON.parse(response.getBody()));
  } catch {
    parsed = undefined;
  }
  const body = parsed?.success ? parsed.data : undefined;
  if (status === 401) {
    return {
      message: 'Your session has ended. Sign in again, then add the file again.',
      canRetry: false,
      isPlanLimit: false,
    };
  }
  if (status >= 500 || status === 0) {
    return {
      message: body?.message ?? 'The server had a problem storing this file. Retry in a moment.',
      canRetry: true,
      isPlanLimit: false,
    };
  }
  return {
    message: body?.message ?? `The upload was refused (${status}).`,
    canRetry: status === 409 || status === 423 || status === 429,
    isPlanLimit: body?.code === 'PLAN_LIMIT_REACHED',
  };
}

/** tus-js-client retries an interrupted request by itself, except where the server has said no for good. */
export function shouldRetryUpload(error: unknown): boolean {
  const status = (error as TusErrorLike | null)?.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}
