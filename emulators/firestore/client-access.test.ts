import { credentials } from '@grpc/grpc-js';
import firestorePkg from '@google-cloud/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc, terminate } from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// The emulator evaluates no security rules, so it serves only admin callers (firebase-admin / @google-cloud/firestore
// send "Authorization: Bearer owner") and refuses clients with PERMISSION_DENIED, unless allowClientAccess.
const { v1 } = firestorePkg;
const PERMISSION_DENIED = 7;
let env: TestEnv;
let open: TestEnv;
const apps: FirebaseApp[] = [];
const refused = { code: 'permission-denied', message: expect.stringContaining('does not evaluate security rules') };

beforeAll(async () => {
  [env, open] = await Promise.all([startEnv(), startEnv({ allowClientAccess: true })]);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await Promise.all([env.close(), open.close()]);
});

/** A gRPC client without the admin token, as any non-admin caller talks. */
function rawClient(port: number) {
  return new v1.FirestoreClient({ servicePath: '127.0.0.1', port, sslCreds: credentials.createInsecure() });
}

const write = (name: string) => ({ update: { name, fields: { n: { integerValue: '1' } } } });

function webApp() {
  const app = initializeApp({ projectId: 'demo-test', apiKey: 'demo-key' }, uniq('client'));
  apps.push(app);
  return app;
}

describe('client (non-admin) callers', () => {
  it('are refused with PERMISSION_DENIED over gRPC, naming the missing security rules', async () => {
    const raw = rawClient(env.emu.port);
    try {
      const name = `${env.root}/${uniq('raw')}/d`;
      const err = await raw.commit({ database: env.database, writes: [write(name)] }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: PERMISSION_DENIED });
      expect((err as Error).message).toContain('does not evaluate security rules');
      // nothing was written: the admin sees no document
      expect((await env.db.doc(name.slice(env.root.length + 1)).get()).exists).toBe(false);
    } finally {
      await raw.close();
    }
  });

  it('of the web SDK get permission-denied on writes and reads (Write and Listen streams)', async () => {
    const db = getFirestore(webApp());
    connectFirestoreEmulator(db, '127.0.0.1', env.emu.port);
    const ref = doc(db, uniq('web'), 'd');
    await expect(setDoc(ref, { n: 1 })).rejects.toMatchObject(refused);
    await expect(getDoc(ref)).rejects.toMatchObject(refused);
    await terminate(db);
  });

  it('of the lite SDK (REST) get permission-denied too', async () => {
    const db = lite.getFirestore(webApp());
    lite.connectFirestoreEmulator(db, '127.0.0.1', env.emu.port);
    const ref = lite.doc(db, uniq('lite'), 'd');
    await expect(lite.setDoc(ref, { n: 1 })).rejects.toMatchObject(refused);
    await lite.terminate(db);
  });

  it('of the web SDK read (Listen) when client access is allowed; its writes need the unimplemented Write', async () => {
    const path = `${uniq('webopen')}/d`;
    await open.db.doc(path).set({ n: 2 });
    const db = getFirestore(webApp());
    connectFirestoreEmulator(db, '127.0.0.1', open.emu.port);
    expect((await getDoc(doc(db, path))).data()).toEqual({ n: 2 });
    await terminate(db);
  });

  it('are served without any rules when client access is allowed', async () => {
    const raw = rawClient(open.emu.port);
    try {
      const path = `${uniq('open')}/d`;
      await raw.commit({ database: open.database, writes: [write(`${open.root}/${path}`)] });
      expect((await open.db.doc(path).get()).data()).toEqual({ n: 1 });
    } finally {
      await raw.close();
    }
  });
});
