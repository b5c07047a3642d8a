// What a database error means, whichever driver (PGlite or node-postgres) raised it.

const UNIQUE_VIOLATION = '23505';

/** Whether a database error (possibly wrapped by Drizzle) is a unique-index violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
