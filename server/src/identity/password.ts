// Password hashing with scrypt (node:crypto): "scrypt$N$r$p$salt$hash", all base64url.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 1;
const keyLength = 32;

function scrypt(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keyLength, { N: n, r: rr, p: pp, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Without a stored hash still spend the same work, so timing does not tell whether the user exists.
  const parts = (stored ?? '').split('$');
  const valid = parts.length === 6 && parts[0] === 'scrypt';
  const [n, rr, pp] = valid ? parts.slice(1, 4).map(Number) : [N, r, p];
  const salt = valid ? Buffer.from(parts[4] ?? '', 'base64url') : randomBytes(16);
  const expected = valid ? Buffer.from(parts[5] ?? '', 'base64url') : randomBytes(keyLength);
  const key = await scrypt(password, salt, n ?? N, rr ?? r, pp ?? p);
  return valid && key.length === expected.length && timingSafeEqual(key, expected);
}
