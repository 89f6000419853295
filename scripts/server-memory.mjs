// The server process's memory settings (issue 21, "server RSS under 500 MB"), for whatever starts it: `npm start`
// (scripts/start.mjs), the bench's server (scripts/bench-analytics.ts) and the container image (Dockerfile, the same
// values as ENV). Each is a default: a value already in the environment wins.
//
// - glibc's allocator: at most two arenas (instead of eight per core, one per thread that allocates: the engine's and
//   libuv's threads each kept their own), and blocks from 128 KB up mapped and unmapped on their own with the top of
//   the heap trimmed from 128 KB (fixed thresholds: glibc's moving threshold kept the freed buffers of large queries
//   in the heap, about 130 MB of it after the 20,000-movement book's recalculations).
// - V8's young generation at 4 MB per semi-space instead of 16 MB, in the main thread and the engine's threads alike
//   (NODE_OPTIONS reaches both; a worker thread refuses heap flags of its own).
// Measured with the bench's screens on PostgreSQL, server RSS peak with the 20,000-movement book: 714 MB without
// them, 484 MB with them; the cold screen 66 ms and 89 ms (target 200 ms).
export const SERVER_MEMORY_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
});

export const SERVER_NODE_OPTIONS = Object.freeze(['--max-semi-space-size=4']);

/** The environment to start the server process with: `env` and the settings above where `env` has none. */
export function serverEnv(env = process.env) {
  const given = env.NODE_OPTIONS ?? '';
  const added = SERVER_NODE_OPTIONS.filter((o) => !given.includes(o.split('=')[0]));
  const nodeOptions = [given, ...added].filter(Boolean).join(' ');
  return { ...SERVER_MEMORY_ENV, ...env, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };
}
