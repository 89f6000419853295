// Starts Patrimonio: database (PGlite in DATA_DIR, or DATABASE_URL), identity, API and the built portal.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { StartRefused } from './db/demo/production-guard.ts';
import { limitHeapGrowth } from './heap.ts';

limitHeapGrowth();
const config = loadConfig();
const db = await openDatabase(config);
const app = await buildApp({ config, db }).catch(async (err: unknown) => {
  // A refused start (a production start with demo secrets) says why in one line, without a stack.
  if (!(err instanceof StartRefused)) throw err;
  console.error(err.message);
  await db.close();
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Patrimonio at ${config.publicUrl} (database: ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
