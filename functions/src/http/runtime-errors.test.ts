import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { answerRuntimeErrorsAsJson, patchFunctionsRuntime, VERIFIED_RUNTIME } from './runtime-errors.js';

/**
 * The Express firebase-tools' Functions emulator runtime runs on (resolved from firebase-tools, as the
 * runtime resolves it), not ours: its app parses the body before it calls our function.
 */
const runtimeRequire = createRequire(createRequire(import.meta.url).resolve('firebase-tools/package.json'));
type Express4 = ((
  ...args: unknown[]
) => RequestListener & { use: (...a: unknown[]) => void; all: (...a: unknown[]) => void }) & {
  json: (o: object) => unknown;
  text: (o: object) => unknown;
  urlencoded: (o: object) => unknown;
  raw: (o: object) => unknown;
};
const runtimeExpress = runtimeRequire('express') as Express4;

const log = { error: vi.fn() };
const router = express.Router();
router.post('/echo', (req, res) => {
  res.json({ body: req.body });
});
router.get('/item/:id', (req, res) => {
  res.json({ id: req.params.id });
});
const ourApp = createApp({ modules: [{ path: '/t', router }], platform: { log } } as never);

/** The emulator runtime's app (functionsEmulatorRuntime.js): four body parsers, then our function. */
function runtimeApp() {
  const app = runtimeExpress();
  const verify = (req: { rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
    req.rawBody = buf;
  };
  app.use(runtimeExpress.json({ limit: '32mb', verify }));
  app.use(runtimeExpress.text({ limit: '32mb', verify }));
  app.use(runtimeExpress.urlencoded({ extended: true, limit: '32mb', verify }));
  app.use(runtimeExpress.raw({ type: '*/*', limit: '32mb', verify }));
  app.all('/*', (req: unknown, res: unknown) => ourApp(req as never, res as never));
  return app;
}

async function listen(listener: RequestListener) {
  const { createServer } = await import('node:http');
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
const BAD_BODIES = ['{"name":', 'null', '123', '"x"', '{"a":1}}'];

async function expectJsonError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect([res.status, res.headers.get('content-type')]).toEqual([status, 'application/json; charset=utf-8']);
  expect(JSON.parse(text)).toMatchObject({ code });
  expect(text).not.toMatch(/<html|<pre|node_modules|at \w|\.js:\d/);
}

describe('the runtime versions the patch was verified against', () => {
  it('are the installed ones: an upgrade must re-verify the patch (docs/decisions-api.md) and update VERIFIED_RUNTIME', () => {
    // read from the installed folders (firebase-functions exports no ./package.json)
    const root = new URL('../../../node_modules/', import.meta.url);
    const versionOf = (name: string) =>
      (JSON.parse(readFileSync(new URL(`${name}/package.json`, root), 'utf8')) as { version: string }).version;
    const installed = Object.fromEntries(Object.keys(VERIFIED_RUNTIME).map((name) => [name, versionOf(name)]));
    expect(installed).toEqual(VERIFIED_RUNTIME);
  });
});

describe('the Functions runtime in front of our app', () => {
  let unpatched: Awaited<ReturnType<typeof listen>>;
  let patched: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    unpatched = await listen(runtimeApp());
    expect(answerRuntimeErrorsAsJson(runtimeExpress)).toBe(true);
    expect(answerRuntimeErrorsAsJson(runtimeExpress)).toBe(true); // idempotent
    patched = await listen(runtimeApp());
  });
  afterAll(() => {
    unpatched.server.close();
    patched.server.close();
  });

  it('answers its own parse errors as text/html with a stack trace when left alone (the finding)', async () => {
    // apps built before the patch keep Express' final handler: this is what the API answered before
    const res = await fetch(`${unpatched.base}/api/t/echo`, json('{"name":'));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/SyntaxError[\s\S]*node_modules/);
  });

  it.each(BAD_BODIES)('answers the JSON body %s with 400 badRequest as JSON', async (bad) => {
    await expectJsonError(await fetch(`${patched.base}/api/t/echo`, json(bad)), 400, 'badRequest');
  });

  it('answers an unknown charset with 415 as JSON', async () => {
    const charset = await fetch(`${patched.base}/api/t/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: '{}',
    });
    await expectJsonError(charset, 415, 'unsupportedMediaType');
  });

  it('lets a POST through whose empty body came chunked (as a proxy may send it)', async () => {
    const res = await fetch(`${patched.base}/api/t/echo`, {
      method: 'POST',
      body: new ReadableStream({ start: (c) => c.close() }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
  });

  it('hands good bodies on to our app; neither Express announces itself (no X-Powered-By)', async () => {
    const res = await fetch(`${patched.base}/api/t/echo`, json('{"a":1}'));
    expect(await res.json()).toEqual({ body: { a: 1 } });
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('finds the runtime Express from the entry script, also without its .js extension', () => {
    const entry = createRequire(import.meta.url)
      .resolve('firebase-tools/lib/emulator/functionsEmulatorRuntime.js')
      .replace(/\.js$/, '');
    expect(patchFunctionsRuntime(entry, { FUNCTION_TARGET: 'api' })).toBe(true);
  });

  it('patches only inside a function runtime', () => {
    expect(patchFunctionsRuntime(process.argv[1], {})).toBe(false);
    expect(patchFunctionsRuntime('', { FUNCTION_TARGET: 'api' })).toBe(false);
  });
});

describe('our app on its own (plain Express)', () => {
  let ours: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    ours = await listen(ourApp as unknown as RequestListener);
  });
  afterAll(() => ours.server.close());

  it.each(BAD_BODIES)('answers the JSON body %s with 400 badRequest as JSON', async (bad) => {
    await expectJsonError(await fetch(`${ours.base}/api/t/echo`, json(bad)), 400, 'badRequest');
  });

  it.each(['/api/%E0%A4%A', '/api/..%2f', '/api/%2e%2e/%2e%2e/etc/passwd', '/api/t/%00', '/api/%'])(
    'answers the unknown path %s with 404 notFound as JSON',
    async (path) => {
      await expectJsonError(await fetch(ours.base + path), 404, 'notFound');
    },
  );

  it('answers a path parameter that does not decode with 400 badRequest as JSON', async () => {
    await expectJsonError(await fetch(`${ours.base}/api/t/item/%E0%A4%A`), 400, 'badRequest');
    expect(await (await fetch(`${ours.base}/api/t/item/a%20b`)).json()).toEqual({ id: 'a b' });
  });

  it.each([
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'name=Mallory'],
    ['text', 'text/plain', '{"name":"Mallory"}'],
    ['no content type', '', '{"name":"Mallory"}'],
  ])('answers a %s body with 415 unsupportedMediaType', async (_what, type, body) => {
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const res = await fetch(`${ours.base}/api/t/echo`, { method: 'POST', headers, body: Buffer.from(body) });
    await expectJsonError(res, 415, 'unsupportedMediaType');
  });

  it('accepts JSON with a charset, and posts without a body', async () => {
    const res = await fetch(`${ours.base}/api/t/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"a":1}',
    });
    expect(await res.json()).toEqual({ body: { a: 1 } });
    const empty = await fetch(`${ours.base}/api/t/echo`, { method: 'POST' });
    expect(empty.status).toBe(200);
  });
});
