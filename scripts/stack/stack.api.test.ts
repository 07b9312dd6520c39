import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Firestore } from '@google-cloud/firestore';
import { Storage } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST, PROJECT_ID, portsFor } from './ports.js';
import { startStack, type Stack } from './stack.js';

// Smoke test of the whole stack over HTTP: browser path Hosting -> function -> our emulators.
/** The test stack's ports: shifted by STACK_PORT_OFFSET like the stack itself (a second checkout's suite beside one). */
const OFFSET = Number(process.env.STACK_PORT_OFFSET ?? 0);
const RUNNING = portsFor(OFFSET);

describe('the running stack', () => {
  const portal = `http://${HOST}:${RUNNING.hosting}`;

  it('serves the SPA from Hosting, with the SPA fallback for deep links', async () => {
    for (const url of [`${portal}/`, `${portal}/company/123`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('routes /api/** through the function to Firestore and Storage', async () => {
    const res = await fetch(`${portal}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', firestore: true, storage: true });

    // The function wrote into *our* emulators: the same data is visible through the official clients.
    const db = new Firestore({ projectId: PROJECT_ID, host: HOST, port: RUNNING.firestore, ssl: false });
    const probe = await db.doc('_health/probe').get();
    expect(probe.exists).toBe(true);
    expect(probe.get('checkedAt').toDate()).toBeInstanceOf(Date);
    await db.terminate();
    const storage = new Storage({ apiEndpoint: `http://${HOST}:${RUNNING.storage}`, projectId: PROJECT_ID });
    const [content] = await storage.bucket(`${PROJECT_ID}.appspot.com`).file('_health/probe.txt').download();
    expect(content.toString()).toBe('ok');
  });

  it('answers the function directly without the /api prefix too', async () => {
    const res = await fetch(`http://${HOST}:${RUNNING.functions}/${PROJECT_ID}/europe-west3/api/health`);
    expect(res.status).toBe(200);
  });

  it('runs the Auth and Cloud Tasks emulators', async () => {
    const auth = await fetch(`http://${HOST}:${RUNNING.auth}/emulator/v1/projects/${PROJECT_ID}/config`);
    expect(auth.status).toBe(200);
    const tasks = await fetch(`http://${HOST}:${RUNNING.tasks}/`).catch(() => undefined);
    expect(tasks).toBeDefined();
  });
});

// `npm start` persists everything under one data folder: a second stack on shifted ports is started,
// filled, stopped the way Ctrl-C stops it, and started again on the same folder.
describe('a stack restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schrankwerk-restart-'));
  // beside the test stack (and another checkout's, STACK_PORT_OFFSET apart)
  const ports = portsFor(20_000 + OFFSET);
  const projectId = 'demo-schrankwerk-restart';
  let stack: Stack | undefined;
  const start = () => startStack({ dataDir, persistAuth: true, portOffset: 20_000 + OFFSET, projectId, log: () => {} });
  // @google-cloud/storage prefers STORAGE_EMULATOR_HOST over apiEndpoint for JSON calls (not for
  // uploads), and this worker's env points at the main test stack: aim it at the second stack.
  const mainStorageHost = process.env.STORAGE_EMULATOR_HOST;
  beforeAll(() => {
    process.env.STORAGE_EMULATOR_HOST = `http://${HOST}:${ports.storage}`;
  });

  afterAll(async () => {
    process.env.STORAGE_EMULATOR_HOST = mainStorageHost;
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps Firestore documents, Storage objects and Auth accounts', async () => {
    stack = await start();
    const db = () => new Firestore({ projectId, host: HOST, port: ports.firestore, ssl: false });
    const bucket = () => new Storage({ apiEndpoint: `http://${HOST}:${ports.storage}`, projectId }).bucket('persist');
    const authUrl = (p: string) => `http://${HOST}:${ports.auth}/identitytoolkit.googleapis.com/v1/${p}?key=demo`;

    const before = db();
    await before.doc('persist/one').set({ n: 1, name: 'Größe' });
    await before.terminate();
    await bucket().file('a/b.txt').save('kept');
    const signUp = await fetch(authUrl('accounts:signUp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.de', password: 'secret123', returnSecureToken: true }),
    });
    expect(signUp.status).toBe(200);

    await stack.stop();
    stack = await start();

    const after = db();
    expect((await after.doc('persist/one').get()).data()).toEqual({ n: 1, name: 'Größe' });
    await after.terminate();
    const [content] = await bucket().file('a/b.txt').download();
    expect(content.toString()).toBe('kept');
    const signIn = await fetch(authUrl('accounts:signInWithPassword'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.de', password: 'secret123', returnSecureToken: true }),
    });
    expect(signIn.status).toBe(200);
  }, 240_000);
});
