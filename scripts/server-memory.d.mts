// Types of scripts/server-memory.mjs (a plain module: `npm start` runs it without the TypeScript loader).
export declare const SERVER_MEMORY_ENV: Readonly<
  Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_' | 'MALLOC_TRIM_THRESHOLD_', string>
>;
export declare const SERVER_NODE_OPTIONS: ReadonlyArray<string>;
/** The environment to start the server process with: `env` and the settings where `env` has none. */
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
