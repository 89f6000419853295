// Server settings, all from the environment (README: Configuration).
import { existsSync } from 'node:fs';
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
  /**
   * Development mode (NODE_ENV other than production): the sign-in page lists the demo accounts, the portal's source
   * maps are served, and demo data is seeded by default.
   */
  dev: boolean;
  /**
   * Seed demo data on first start of an empty database (SEED_DEMO; default true, false in production, where a start
   * with it, or with a demo account's published secret in the database, is refused: db/demo/production-guard.ts).
   */
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST || defaultHost(env);
  const dev = (env.NODE_ENV ?? 'development') !== 'production';
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
    dev,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' : dev,
    webRoot: resolve(env.WEB_ROOT ?? new URL('../..', import.meta.url).pathname),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'Patrimonio <no-reply@patrimonio.local>',
    },
    geocoderUrl: env.GEOCODER_URL || undefined,
    jobWorkers: env.JOB_WORKERS !== 'false',
  };
}

/**
 * The address to listen on when HOST is unset: every interface inside a container (Docker, Podman, Kubernetes), whose
 * port is published from outside it, otherwise loopback only.
 */
export function defaultHost(env: NodeJS.ProcessEnv, exists: (path: string) => boolean = existsSync): string {
  const inContainer = Boolean(env.KUBERNETES_SERVICE_HOST) || exists('/.dockerenv') || exists('/run/.containerenv');
  return inContainer ? '0.0.0.0' : '127.0.0.1';
}
