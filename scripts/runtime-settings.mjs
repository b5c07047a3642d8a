// How Shark's server process is started (package.json's start scripts say the same on their command
// line; the demo and the benchmarks start it through these). Both settings bound resident memory and
// are measured by `BENCH_ONLY=scan-10k npm run bench`:
// - a 4 MB young generation semi-space (V8's default grows to 16 MB): during a scan, short-lived parsed
//   pages were promoted and the heap reached ~160 MB before a full collection; with 4 MB the peak of a
//   1,500-page scan fell from 531 MB to 426 MB at the same speed;
// - glibc's malloc limited to two arenas (MALLOC_ARENA_MAX): libvips and the fingerprint threads allocate
//   from many threads, and with the default (8 per core) freed memory stays spread over many arenas.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

/** The environment of a server process: the caller's, with MALLOC_ARENA_MAX=2 unless it sets one. */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
