// The parse pool on its own (no app): a file that needs more memory than a worker has stops only that worker and is
// refused (413 too_large_uncompressed); the next file is read by a new worker.
import pino from 'pino';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { HttpError } from '../plugins/errors.ts';
import { ParsePool } from './parse-pool.ts';

const pool = new ParsePool(loadConfig({ UPLOAD_WORKER_MEMORY_MB: '64' }).uploads, pino({ level: 'silent' }));
afterAll(async () => {
  await pool.close();
});

test('a worker out of memory is a 413 for its file, and the next file is read', async () => {
  // 14 MB of one-character cells in one row: a few hundred MB of strings once parsed, beyond a 64 MB heap.
  const wide = Buffer.from(`a;b\n${'1;'.repeat(7_000_000)}1\n`);
  const refused = await pool.table(wide, ['a', 'b'], []).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({ statusCode: 413, code: 'too_large_uncompressed' });
  const table = await pool.table(Buffer.from('a;b\n1;2,5\n'), ['a', 'b'], ['b']);
  expect({ rows: [...table.rows], text: table.text }).toEqual({ rows: [2], text: '12,5' });
});
