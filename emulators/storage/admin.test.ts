// firebase-admin/storage path: FIREBASE_STORAGE_EMULATOR_HOST (no protocol) → firebase-admin sets
// STORAGE_EMULATOR_HOST=http://host, and @google-cloud/storage then uses that host as its JSON API
// baseUrl *without* /storage/v1 — so the emulator must also answer /b/... at the root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { startStorageEmulator, type StorageEmulator } from './server.js';

let emu: StorageEmulator;
let app: App;

beforeAll(async () => {
  emu = await startStorageEmulator({ port: 0 });
  delete process.env.STORAGE_EMULATOR_HOST;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  app = initializeApp({ projectId: 'demo-test', storageBucket: 'demo-test.appspot.com' }, 'storage-admin-test');
});
afterAll(async () => {
  if (app) await deleteApp(app);
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  delete process.env.STORAGE_EMULATOR_HOST;
  await emu?.stop();
});

describe('firebase-admin/storage', () => {
  it('uses the emulator for the default bucket: save, metadata, download, list, delete', async () => {
    const bucket = getStorage(app).bucket();
    expect(process.env.STORAGE_EMULATOR_HOST).toBe(`http://127.0.0.1:${emu.port}`);
    expect(bucket.name).toBe('demo-test.appspot.com');
    expect((await bucket.exists())[0]).toBe(true);
    const file = bucket.file('users/u1/avatar.png');
    await file.save(Buffer.from('png-bytes'), {
      contentType: 'image/png',
      metadata: { metadata: { firebaseStorageDownloadTokens: 'tok' } },
    });
    await bucket.file('users/u1/big.bin').save(Buffer.alloc(300_000, 1), { resumable: true });
    const [m] = await file.getMetadata();
    expect(m).toMatchObject({
      contentType: 'image/png',
      size: '9',
      metadata: { firebaseStorageDownloadTokens: 'tok' },
    });
    expect((await file.download())[0].toString()).toBe('png-bytes');
    expect((await bucket.file('users/u1/big.bin').download())[0].length).toBe(300_000);
    const [files] = await bucket.getFiles({ prefix: 'users/u1/' });
    expect(files.map((f) => f.name)).toEqual(['users/u1/avatar.png', 'users/u1/big.bin']);
    await file.setMetadata({ metadata: { extra: 'x' } });
    expect((await file.getMetadata())[0].metadata).toEqual({ firebaseStorageDownloadTokens: 'tok', extra: 'x' });
    // getDownloadURL reads the token through the Firebase /v0 API; the URL downloads from us too
    const url = await getDownloadURL(file);
    expect(url).toBe(
      `http://127.0.0.1:${emu.port}/v0/b/demo-test.appspot.com/o/users%2Fu1%2Favatar.png?alt=media&token=tok`,
    );
    const viaUrl = await fetch(url); // what a browser would do with the URL
    expect(viaUrl.headers.get('content-type')).toBe('image/png');
    expect(await viaUrl.text()).toBe('png-bytes');
    await file.copy('users/u1/avatar-copy.png');
    await bucket.deleteFiles({ prefix: 'users/u1/' });
    expect((await bucket.getFiles())[0]).toEqual([]);
  });
});
