// Production never runs with the demo data's published secrets: the demo accounts' password "patrimonio" and the
// demo service account's secret are in the README. A production start (NODE_ENV=production) is refused when it would
// seed the demo data (SEED_DEMO=true) or when the database still holds one of those secrets on an active account,
// for example a database seeded before demo data stopped being the production default.

import type { ServerConfig } from '../../config.ts';
import { verifyPassword } from '../../identity/password.ts';
import type { Queryable } from '../database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed-demo.ts';
import { DEMO_REPORT_CLIENT } from './service-accounts.ts';

/** Why the server will not start; main.ts prints the message alone and exits with status 1. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/**
 * The demo secrets an active account of the database still accepts, each described in a few words: the demo users
 * whose password is still the published one, and the demo service account with its published secret while its user
 * is active. A handful of scrypt checks, run together.
 */
export async function findPublishedSecrets(db: Queryable): Promise<string[]> {
  const logins = DEMO_ACCOUNTS.map((a) => a.login);
  const { rows: users } = await db.query<{ login: string; password_hash: string }>(
    `select login, password_hash from users
      where active and password_hash is not null and lower(login) = any($1::text[])
      order by login`,
    [logins],
  );
  const { rows: clients } = await db.query<{ client_id: string; secret_hash: string }>(
    `select s.client_id, s.secret_hash from service_accounts s join users u on u.id = s.user_id
      where u.active and s.client_id = $1`,
    [DEMO_REPORT_CLIENT.clientId],
  );
  const checks = [
    ...users.map(async (u) =>
      (await verifyPassword(DEMO_PASSWORD, u.password_hash)) ? `user '${u.login}' with the demo password` : null,
    ),
    ...clients.map(async (c) =>
      (await verifyPassword(DEMO_REPORT_CLIENT.secret, c.secret_hash))
        ? `service account '${c.client_id}' with the demo secret`
        : null,
    ),
  ];
  return (await Promise.all(checks)).filter((found): found is string => found !== null);
}

/** Throws StartRefused for a production start with demo seeding on, or with a demo secret in the database. */
export async function refuseDemoSecretsInProduction(db: Queryable, config: ServerConfig): Promise<void> {
  if (config.dev) return;
  if (config.seedDemo) {
    throw new StartRefused(
      'Refusing to start: SEED_DEMO=true with NODE_ENV=production would create the demo accounts, whose passwords ' +
        'are published. Unset SEED_DEMO (production seeds no demo data), or run without NODE_ENV=production for a demo.',
    );
  }
  const found = await findPublishedSecrets(db);
  if (found.length === 0) return;
  throw new StartRefused(
    `Refusing to start: NODE_ENV=production and the database holds published demo secrets (${found.join(', ')}). ` +
      'Give those users passwords of their own or deactivate them (update users set active = false where login in ' +
      "(...)), delete the demo service account (delete from service_accounts where client_id = 'report-batch'), " +
      'or start on a new database.',
  );
}
