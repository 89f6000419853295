// Server settings, all from the environment (README: Configuration).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files when DATABASE_URL is unset. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The public origin of the portal, used by the embedded issuer for redirect URIs. */
  publicUrl: string;
  oidc: {
    /** Set to use an outside issuer; unset mounts the embedded one at /oidc. */
    issuer: string | undefined;
    clientId: string;
    /** Dotted path of the claim holding the role (outside issuer). */
    roleClaim: string;
    permissionsClaim: string;
    /** API audience expected in access tokens. */
    audience: string;
    /** Whether OIDC_AUDIENCE was given: an outside issuer's tokens are checked against it only then. */
    audienceSet: boolean;
    accessTokenTtl: number;
  };
  /** Development mode lists the demo accounts on the sign-in page. */
  dev: boolean;
  /** Seed demo data on first start of an empty database. */
  seedDemo: boolean;
  /** Folder holding each app's dist/ folder and the composed import map. */
  webRoot: string;
  mail: {
    /** smtp(s)://user:pass@host:port; unset writes messages to the log and the mail outbox only. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Whether this API process runs the job queue's handlers (JOB_WORKERS=false leaves them to `npm run worker`). */
  jobWorkers: boolean;
  /** A Nominatim-compatible geocoder for the address autocomplete; unset answers from the bundled municipalities. */
  geocoderUrl: string | undefined;
  /** The engine's worker threads (server/src/analytics/pool.ts). */
  analytics: {
    /** Threads computing analytics (ANALYTICS_THREADS): by default the cores less one, at least 1. */
    threads: number;
    /** Computations that may wait for a thread (ANALYTICS_QUEUE, default 32 per thread); beyond, 503 with Retry-After. */
    queue: number;
  };
}

/** A whole number from the environment, at least `min`; a value that is not one stops the start with its name. */
function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const threads = whole(env, 'ANALYTICS_THREADS', Math.max(1, availableParallelism() - 1), 1);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    // memory:// keeps PGlite in memory (tests); anything else is a folder.
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    oidc: {
      issuer: env.OIDC_ISSUER || undefined,
      clientId: env.OIDC_CLIENT_ID ?? 'patrimonio-portal',
      roleClaim: env.OIDC_ROLE_CLAIM ?? 'role',
      permissionsClaim: env.OIDC_PERMISSIONS_CLAIM ?? 'permissions',
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      audienceSet: Boolean(env.OIDC_AUDIENCE),
      accessTokenTtl: Number(env.OIDC_ACCESS_TOKEN_TTL ?? 900),
    },
    dev: (env.NODE_ENV ?? 'development') !== 'production',
    seedDemo: env.SEED_DEMO !== 'false',
    webRoot: resolve(env.WEB_ROOT ?? new URL('../..', import.meta.url).pathname),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'Patrimonio <no-reply@patrimonio.local>',
    },
    geocoderUrl: env.GEOCODER_URL || undefined,
    jobWorkers: env.JOB_WORKERS !== 'false',
    analytics: { threads, queue: whole(env, 'ANALYTICS_QUEUE', 32 * threads, 0) },
  };
}
