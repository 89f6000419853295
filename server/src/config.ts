// Server settings, all from the environment (README: Configuration).
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { UPLOAD_MAX_ROWS, UPLOAD_MAX_UNCOMPRESSED_BYTES, UPLOAD_PARSE_TIMEOUT_MS } from '@patrimonio/shared-api';

/** Reading uploaded files (import/parse-pool.ts; docs/import/README.md, "Limits"). */
export interface UploadSettings {
  /** The XLSX parts read may unpack to at most this many bytes in all (413 too_large_uncompressed). */
  maxUncompressedBytes: number;
  /** Data rows per file (400 too_many_rows). */
  maxRows: number;
  /** Reading one file may take this long; then its worker is stopped (400 parse_timeout). */
  parseTimeoutMs: number;
  /** Files read at once, each in a worker thread. */
  workers: number;
  /** Files waiting for a worker; one more answers 503 uploads_busy with Retry-After. */
  queue: number;
  /** The JavaScript heap of one worker, in MB; a file that needs more is refused (413 too_large_uncompressed). */
  workerMemoryMb: number;
}

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
  exchange: {
    /**
     * The key that encrypts the file exchange's server secrets (SECRETS_KEY: 32 bytes as 64 hex digits or base64);
     * unset, one is generated into DATA_DIR/secrets.key on first start (server/src/exchange/secrets.ts).
     */
    secretsKey: string | undefined;
    /** Where LOCAL servers' folders are (DROP_DIR; default DATA_DIR/drop). */
    dropDir: string | undefined;
    /** The admin calls' base address for the portal (ADMIN_API_URL; default the same server). */
    adminApiUrl: string | undefined;
  };
  mail: {
    /** smtp(s)://user:pass@host:port; unset writes messages to the log and the mail outbox only. */
    smtpUrl: string | undefined;
    from: string;
  };
  /**
   * Subscriptions (issue 19): card payments through Stripe, enabled only when its three keys are set; bank transfers
   * (activated by an administrator) always, with the practice's bank details shown to the payer when set.
   */
  payments: {
    stripe: {
      secretKey: string | undefined;
      publishableKey: string | undefined;
      webhookSecret: string | undefined;
      /** STRIPE_API_URL: another address for Stripe's API (tests point it at a local test double). */
      apiUrl: string | undefined;
    };
    bankTransfer: { beneficiary: string | null; iban: string | null; bic: string | null };
  };
  /** Whether this API process runs the job queue's handlers (JOB_WORKERS=false leaves them to `npm run worker`). */
  jobWorkers: boolean;
  /**
   * How often the job queue's supervision runs, in seconds (JOB_SUPERVISE_SECONDS, default 60): it fails the jobs of a
   * worker that stopped sending heartbeats (a killed process) so that another worker retries them, and expires jobs
   * that ran too long. Lower takes a dead worker's jobs over sooner, at the cost of more queries.
   */
  jobSuperviseSeconds: number;
  /** A Nominatim-compatible geocoder for the address autocomplete; unset answers from the bundled municipalities. */
  geocoderUrl: string | undefined;
  /**
   * Whose X-Forwarded-For/-Host/-Proto headers Fastify takes (TRUST_PROXY): the proxies' addresses and networks,
   * or the number of proxy hops in front of the server; false (unset) trusts no one.
   */
  trustProxy: false | number | string[];
  uploads: UploadSettings;
  /** The engine's worker threads (server/src/analytics/pool.ts). */
  analytics: {
    /** Threads computing analytics (ANALYTICS_THREADS): by default the cores less one, at least 1. */
    threads: number;
    /** Computations that may wait for a thread (ANALYTICS_QUEUE, default 32 per thread); beyond, 503 with Retry-After. */
    queue: number;
  };
}

/** Fastify's trustProxy option for TRUST_PROXY (a hop count as the function Fastify makes of a number). */
export function trustProxyOption(
  trust: ServerConfig['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and networks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset trusts no proxy; a number is a hop count; otherwise a comma list of addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (!text) return false;
  if (/^\d+$/.test(text)) return Number(text) > 0 ? Number(text) : false;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32)) ||
      (family === 4 && isIP(prefix) === 4);
    if (!(PROXY_RANGE_NAMES.has(entry) || (family !== 0 && prefixOk && rest.length === 0))) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a network (CIDR), loopback, linklocal or uniquelocal; give a comma list of them, or a hop count`,
      );
    }
  }
  return entries;
}

/** A whole number of at least `min` from the environment, or the default; anything else stops the start. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST || defaultHost(env);
  const dev = (env.NODE_ENV ?? 'development') !== 'production';
  const threads = wholeNumber(env, 'ANALYTICS_THREADS', Math.max(1, availableParallelism() - 1), 1);
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
    exchange: {
      secretsKey: env.SECRETS_KEY || undefined,
      dropDir: env.DROP_DIR ? resolve(env.DROP_DIR) : undefined,
      adminApiUrl: env.ADMIN_API_URL ? env.ADMIN_API_URL.replace(/\/$/, '') : undefined,
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'Patrimonio <no-reply@patrimonio.local>',
    },
    geocoderUrl: env.GEOCODER_URL || undefined,
    payments: {
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY || undefined,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
        apiUrl: env.STRIPE_API_URL || undefined,
      },
      bankTransfer: {
        beneficiary: env.BANK_TRANSFER_BENEFICIARY || null,
        iban: env.BANK_TRANSFER_IBAN || null,
        bic: env.BANK_TRANSFER_BIC || null,
      },
    },
    jobWorkers: env.JOB_WORKERS !== 'false',
    jobSuperviseSeconds: wholeNumber(env, 'JOB_SUPERVISE_SECONDS', 60),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploads: {
      maxUncompressedBytes: wholeNumber(env, 'UPLOAD_MAX_UNCOMPRESSED_BYTES', UPLOAD_MAX_UNCOMPRESSED_BYTES),
      maxRows: wholeNumber(env, 'UPLOAD_MAX_ROWS', UPLOAD_MAX_ROWS),
      parseTimeoutMs: wholeNumber(env, 'UPLOAD_PARSE_TIMEOUT_MS', UPLOAD_PARSE_TIMEOUT_MS),
      workers: wholeNumber(env, 'UPLOAD_WORKERS', 2),
      queue: wholeNumber(env, 'UPLOAD_QUEUE', 8),
      // Below 64 MB a worker cannot even load the readers.
      workerMemoryMb: wholeNumber(env, 'UPLOAD_WORKER_MEMORY_MB', 1024, 64),
    },
    analytics: { threads, queue: wholeNumber(env, 'ANALYTICS_QUEUE', 32 * threads, 0) },
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
