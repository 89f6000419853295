// The file exchange's server secrets (passwords, private keys) at rest: AES-256-GCM with a random nonce per value,
// stored as 'v1:<nonce>:<tag>:<ciphertext>' (base64). The key comes from SECRETS_KEY (32 bytes, as 64 hex digits or
// base64), or is generated into DATA_DIR/secrets.key (mode 0600) on first start and read from there afterwards; with
// an in-memory data folder (tests) it lives as long as the process. Secrets are decrypted only to connect.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;

function decodeKey(text: string, where: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${where} must be 32 bytes, as 64 hex digits or base64`);
  return key;
}

/** The key: SECRETS_KEY, else DATA_DIR/secrets.key (made on first use), else (memory://) a key of this process. */
export function loadSecretsKey(secretsKey: string | undefined, dataDir: string): Buffer {
  if (secretsKey) return decodeKey(secretsKey, 'SECRETS_KEY');
  if (dataDir.startsWith('memory://')) return randomBytes(KEY_BYTES);
  const file = join(dataDir, 'secrets.key');
  try {
    return decodeKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  // 'wx': a second process starting at the same moment does not overwrite the first one's key; it reads it.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return decodeKey(readFileSync(file, 'utf8'), file);
  }
}

export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
      .join(':');
  }

  /** The plain text; throws when the value was sealed with another key or altered. */
  open(sealed: string): string {
    const [version, nonce, tag, data] = sealed.split(':');
    if (version !== 'v1' || !nonce || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** The LOCAL servers' drop directory: DROP_DIR, else DATA_DIR/drop; with an in-memory data folder, a new temporary one. */
export function dropDirOf(config: { dataDir: string; exchange: { dropDir: string | undefined } }): string {
  if (config.exchange.dropDir) return config.exchange.dropDir;
  if (config.dataDir.startsWith('memory://')) return mkdtempSync(join(tmpdir(), 'patrimonio-drop-'));
  return join(config.dataDir, 'drop');
}
