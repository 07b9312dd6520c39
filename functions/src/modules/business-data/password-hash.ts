import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The project folder's password (docs/decisions-project-folder.md "Password"): scrypt of `node:crypto` (no native
 * module) at OWASP's setting N=2^14, r=8, p=5 (16 MiB per hash, within the function's memory), a random 16-byte salt,
 * the parameters stored with the hash so they can be raised later, and a constant-time comparison.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5, keyLength: 64, saltBytes: 16 } as const;

/** What the secrets document stores (never part of an answer). */
export interface PasswordHash {
  algorithm: 'scrypt';
  /** base64 */
  hash: string;
  /** base64 */
  salt: string;
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

function derive(password: string, salt: Buffer, params: Omit<PasswordHash, 'algorithm' | 'hash' | 'salt'>) {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number; keyLength: number; saltBytes: number } = SCRYPT_PARAMS,
): Promise<PasswordHash> {
  const salt = randomBytes(params.saltBytes);
  const { N, r, p, keyLength } = params;
  const key = await derive(password, salt, { N, r, p, keyLength });
  return { algorithm: 'scrypt', hash: key.toString('base64'), salt: salt.toString('base64'), N, r, p, keyLength };
}

/** Does `password` match? The comparison takes the same time wherever the first difference lies. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  if (stored.algorithm !== 'scrypt') return false;
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(password, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
