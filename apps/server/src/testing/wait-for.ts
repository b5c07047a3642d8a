// Waits on a condition (never a fixed sleep): polls `probe` until it returns a value other than
// undefined/false, or fails with the last value seen when the deadline passes.
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  {
    timeoutMs = 30_000,
    intervalMs = 50,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await probe();
    if (last !== undefined && last !== false) return last as T;
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
