import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './password-hash.js';

describe('folder password hash', () => {
  it('uses scrypt at N=2^14, r=8, p=5 with a 16-byte random salt and stores the parameters', async () => {
    const stored = await hashPassword('geheim123');
    expect(stored).toMatchObject({ algorithm: 'scrypt', N: 16384, r: 8, p: 5, keyLength: 64 });
    expect(SCRYPT_PARAMS.saltBytes).toBe(16);
    expect(Buffer.from(stored.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(stored.hash, 'base64')).toHaveLength(64);
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
    const light = await hashPassword('passwort', { N: 1024, r: 8, p: 1, keyLength: 32, saltBytes: 16 });
    expect(await verifyPassword('passwort', light)).toBe(true);
    expect(await verifyPassword('passwort', { ...light, N: 2048 })).toBe(false);
  });

  it('treats composed and decomposed umlauts alike', async () => {
    const stored = await hashPassword('Mühle2026');
    expect(await verifyPassword('Mu\u0308hle2026', stored)).toBe(true);
  });
});
