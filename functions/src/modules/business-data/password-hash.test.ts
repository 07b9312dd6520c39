import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, hashPassword, verifyPassword, type PasswordHash, type ScryptHash } from './password-hash.js';

/** A hash as the folders stored it before Argon2id: scrypt at N=2^14, r=8, p=5. */
function scryptHash(password: string, N = 2 ** 14, p = 5): ScryptHash {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 64, { N, r: 8, p, maxmem: 256 * N * 8 });
  return {
    algorithm: 'scrypt',
    hash: hash.toString('base64'),
    salt: salt.toString('base64'),
    N,
    r: 8,
    p,
    keyLength: 64,
  };
}

describe('folder password hash', () => {
  it("uses Argon2id at OWASP's m=19 MiB, t=2, p=1 with a 16-byte random salt and stores the parameters", async () => {
    const stored = await hashPassword('geheim123');
    expect(stored).toMatchObject({ algorithm: 'argon2id', memoryKiB: 19456, passes: 2, parallelism: 1, tagLength: 32 });
    expect(ARGON2_PARAMS.saltBytes).toBe(16);
    expect(Buffer.from(stored.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(stored.hash, 'base64')).toHaveLength(32);
    expect(JSON.stringify(stored)).not.toContain('geheim123');
  });

  it('verifies the password and nothing else', async () => {
    const stored = await hashPassword('geheim123');
    expect(await verifyPassword('geheim123', stored)).toBe(true);
    expect(await verifyPassword('geheim124', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash anew', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it('reads the stored parameters (a hash made with other ones still verifies)', async () => {
    const light = await hashPassword('passwort', {
      memoryKiB: 1024,
      passes: 1,
      parallelism: 1,
      tagLength: 32,
      saltBytes: 16,
    });
    expect(await verifyPassword('passwort', light)).toBe(true);
    expect(await verifyPassword('passwort', { ...light, passes: 2 })).toBe(false);
  });

  it('still verifies the scrypt hashes folders stored before Argon2id', async () => {
    const old = scryptHash('Projekt-2026');
    expect(await verifyPassword('Projekt-2026', old)).toBe(true);
    expect(await verifyPassword('Projekt-2027', old)).toBe(false);
    expect(await verifyPassword('Projekt-2026', { ...scryptHash('Projekt-2026', 1024, 1), N: 2048 })).toBe(false);
  });

  it('refuses an unknown algorithm', async () => {
    const stored = { ...(await hashPassword('x')), algorithm: 'md5' } as unknown as PasswordHash;
    expect(await verifyPassword('x', stored)).toBe(false);
  });

  it('treats composed and decomposed umlauts alike', async () => {
    const stored = await hashPassword('Mühle2026');
    expect(await verifyPassword('Mu\u0308hle2026', stored)).toBe(true);
  });
});
