import { argon2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The project folder's password (docs/decisions-project-folder.md "Password"): Argon2id of `node:crypto` (no native
 * module) at OWASP's first recommendation m=19 MiB, t=2, p=1, a random 16-byte salt, the parameters stored with the
 * hash so they can be raised later, and a constant-time comparison. Hashes made before with scrypt (N=2^14, r=8,
 * p=5) still verify; a new password is always Argon2id.
 */
export const ARGON2_PARAMS = { memoryKiB: 19 * 1024, passes: 2, parallelism: 1, tagLength: 32, saltBytes: 16 } as const;

/** What the secrets document stores (never part of an answer). Salt and hash are base64. */
export type PasswordHash = Argon2Hash | ScryptHash;
export interface Argon2Hash {
  algorithm: 'argon2id';
  hash: string;
  salt: string;
  memoryKiB: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}
export interface ScryptHash {
  algorithm: 'scrypt';
  hash: string;
  salt: string;
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

type Argon2Params = Omit<Argon2Hash, 'algorithm' | 'hash' | 'salt'>;
type ScryptParams = Omit<ScryptHash, 'algorithm' | 'hash' | 'salt'>;

function deriveArgon2(password: string, salt: Buffer, p: Argon2Params) {
  const parameters = {
    message: password.normalize('NFC'),
    nonce: salt,
    memory: p.memoryKiB,
    passes: p.passes,
    parallelism: p.parallelism,
    tagLength: p.tagLength,
  };
  return new Promise<Buffer>((resolve, reject) =>
    argon2('argon2id', parameters, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function deriveScrypt(password: string, salt: Buffer, params: ScryptParams) {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  params: Argon2Params & { saltBytes: number } = ARGON2_PARAMS,
): Promise<Argon2Hash> {
  const salt = randomBytes(params.saltBytes);
  const { memoryKiB, passes, parallelism, tagLength } = params;
  const key = await deriveArgon2(password, salt, { memoryKiB, passes, parallelism, tagLength });
  return {
    algorithm: 'argon2id',
    hash: key.toString('base64'),
    salt: salt.toString('base64'),
    memoryKiB,
    passes,
    parallelism,
    tagLength,
  };
}

/** Does `password` match? The comparison takes the same time wherever the first difference lies. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const salt = Buffer.from(stored.salt, 'base64');
  const expected = Buffer.from(stored.hash, 'base64');
  let key: Buffer;
  if (stored.algorithm === 'argon2id') key = await deriveArgon2(password, salt, stored);
  else if (stored.algorithm === 'scrypt') key = await deriveScrypt(password, salt, stored);
  else return false;
  return key.length === expected.length && timingSafeEqual(key, expected);
}
