import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, Filter, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from './server.js';

// firebase-admin configured the way the app's functions are: only FIRESTORE_EMULATOR_HOST (restored afterwards: the
// unit files of a worker share its process).
const savedHost = process.env.FIRESTORE_EMULATOR_HOST;
let emu: RunningFirestoreEmulator;
let app: App;
let db: Firestore;
beforeAll(async () => {
  emu = await startFirestoreEmulator({ port: 0 });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  app = initializeApp({ projectId: 'demo-admin' }, 'firestore-emulator-test');
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
  await emu.stop();
  if (savedHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedHost;
});

describe('firebase-admin via FIRESTORE_EMULATOR_HOST', () => {
  it('writes, transactions, queries and aggregations work unchanged', async () => {
    const orders = db.collection('orders');
    await orders.doc('o1').set({ status: 'open', total: 10, at: FieldValue.serverTimestamp() });
    await orders.doc('o2').set({ status: 'paid', total: 25 });
    await orders.doc('o3').set({ status: 'open', total: 5 });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db.runTransaction(async (t) => {
          const s = await t.get(orders.doc('o1'));
          t.update(s.ref, { total: s.get('total') + 1 });
        }),
      ),
    );
    expect((await orders.doc('o1').get()).get('total')).toBe(15);
    const open = await orders
      .where(Filter.or(Filter.where('status', '==', 'open'), Filter.where('total', '>', 20)))
      .orderBy('total', 'desc')
      .get();
    expect(open.docs.map((d) => d.id)).toEqual(['o2', 'o1', 'o3']);
    expect((await orders.count().get()).data().count).toBe(3);
    await db.recursiveDelete(orders);
    expect((await orders.get()).empty).toBe(true);
  });
});
