// What the server's worker threads (the engine's pool, analytics/pool.ts; the upload readers, import/parse-pool.ts)
// start with: the process's own Node options, with the tsx loader the server runs under (`node --import tsx`) added
// when the process was started without it (the test runner), so that threads load their TypeScript the same way
// in tests and in production.
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const hasTsx = argv.some(
    (a, i) => /(^|[=/])tsx(\/|$)/.test(a) && (argv[i - 1] === '--import' || a.startsWith('--import=')),
  );
  return hasTsx ? [...argv] : [...argv, '--import', 'tsx'];
}
