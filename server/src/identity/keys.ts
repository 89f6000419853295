// Signing keys (JWKS) and cookie keys of the embedded issuer: generated on first start and kept in the database,
// so restarts and several server processes sign and verify with the same keys.
import { createPrivateKey, createPublicKey, generateKeyPair, type JsonWebKey, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Database } from '../db/database.ts';

export interface IdentitySecrets {
  /** Private signing keys, as oidc-provider's `jwks` option wants them. */
  jwks: { keys: JWK[] };
  /** Secrets that sign the issuer's cookies (newest first). */
  cookieKeys: string[];
}

const generateRsa = promisify(generateKeyPair);

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e } as JWK);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

/** Reads a secret, creating it when missing; when two processes race, the first insert wins for both. */
async function loadOrCreate<T>(db: Database, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.query<{ value: T }>('select value from identity_secrets where name = $1', [name]);
  if (existing.rows[0]) return existing.rows[0].value;
  const value = await create();
  await db.query('insert into identity_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    JSON.stringify(value),
  ]);
  const stored = await db.query<{ value: T }>('select value from identity_secrets where name = $1', [name]);
  if (!stored.rows[0]) throw new Error(`identity secret ${name} could not be stored`);
  return stored.rows[0].value;
}

export async function loadSecrets(db: Database): Promise<IdentitySecrets> {
  const jwks = await loadOrCreate(db, 'jwks', async () => ({ keys: [await newSigningKey()] }));
  const cookieKeys = await loadOrCreate(db, 'cookie_keys', async () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}

/** The public halves of the signing keys (what /oidc/jwks publishes). */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const pub = createPublicKey(createPrivateKey({ key: key as JsonWebKey, format: 'jwk' })).export({
        format: 'jwk',
      }) as JWK;
      return { ...pub, kid: key.kid, alg: key.alg, use: key.use };
    }),
  };
}
