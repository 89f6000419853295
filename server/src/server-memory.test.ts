// The server process's memory settings (scripts/server-memory.mjs): defaults that what the environment sets wins over,
// and the same values in the container image as in `npm start`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SERVER_MEMORY_ENV, SERVER_NODE_OPTIONS, serverEnv } from '../../scripts/server-memory.mjs';

const root = join(import.meta.dirname, '..', '..');

test('the settings are added to an environment without them, and kept where it has them', () => {
  expect(serverEnv({ PORT: '8080' })).toEqual({
    PORT: '8080',
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_TRIM_THRESHOLD_: '131072',
    NODE_OPTIONS: '--max-semi-space-size=4',
  });
  const own = serverEnv({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=16 --enable-source-maps' });
  expect(own.MALLOC_ARENA_MAX).toBe('4');
  expect(own.NODE_OPTIONS).toBe('--max-semi-space-size=16 --enable-source-maps');
  expect(serverEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
    '--enable-source-maps --max-semi-space-size=4',
  );
});

test("the container image sets the same values as ENV, and npm start's launcher uses them", () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  for (const [name, value] of Object.entries(SERVER_MEMORY_ENV))
    expect(dockerfile).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  expect(dockerfile).toContain(`NODE_OPTIONS=${SERVER_NODE_OPTIONS.join(' ')}`);
  expect(readFileSync(join(root, 'scripts', 'start.mjs'), 'utf8')).toContain('env: serverEnv()');
});
