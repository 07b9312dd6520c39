import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.js';
import { createErrorHandler } from './error-handler.js';
import { multipart, multipartOf } from './multipart.js';

const LIMIT = 1000;
let base: string;
let close: () => void;
const stored: unknown[] = [];

beforeAll(async () => {
  const app = express();
  // the Functions runtime reads every body into req.rawBody before Express: /raw/* imitates it
  app.use(
    '/raw',
    express.raw({ type: '*/*', limit: '32mb', verify: (req, _res, buf) => Object.assign(req, { rawBody: buf }) }),
  );
  app.use(bodyLimit(1200));
  app.use(express.json({ limit: 1200 }));
  const route = multipart({ fileSize: LIMIT, files: 1, fields: 2, fieldSize: 100 });
  const handler: express.RequestHandler = (_req, res) => {
    const body = multipartOf(res);
    stored.push(body);
    res.json({
      fields: body.fields,
      files: body.files.map((f) => ({
        field: f.field,
        filename: f.filename,
        size: f.bytes.length,
        first: f.bytes[0],
        last: f.bytes.at(-1),
      })),
    });
  };
  app.post('/stream', route, handler);
  app.post('/raw/upload', route, handler);
  app.post('/json', (req, res) => res.json({ got: req.body }));
  app.use(createErrorHandler({ error: () => undefined }));
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

function form(
  size: number,
  name = 'Plan.pdf',
  extra: Record<string, string> = { path: 'companies/c1/documents/' },
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  const bytes = new Uint8Array(size).fill(7);
  if (size) bytes[size - 1] = 9;
  f.append('file', new Blob([bytes]), name);
  return f;
}

async function send(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(['/stream', '/raw/upload'])('multipart() %s', (path) => {
  it('accepts a file of exactly the limit, whole', async () => {
    const res = await send(path, form(LIMIT));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fields: { path: 'companies/c1/documents/' },
      files: [{ field: 'file', filename: 'Plan.pdf', size: LIMIT, first: 7, last: 9 }],
    });
  });

  it('refuses one byte over the limit with 413 payloadTooLarge, and the handler never runs', async () => {
    const before = stored.length;
    const res = await send(path, form(LIMIT + 1));
    expect(res).toEqual({ status: 413, body: { code: 'payloadTooLarge', message: 'Payload too large' } });
    expect(stored.length).toBe(before);
  });

  it('refuses a second file, too many fields and an overlong field with 413', async () => {
    const two = form(10);
    two.append('file', new Blob([new Uint8Array(3)]), 'b.pdf');
    expect((await send(path, two)).status).toBe(413);
    expect((await send(path, form(10, 'a.pdf', { a: '1', b: '2', c: '3' }))).status).toBe(413);
    expect((await send(path, form(10, 'a.pdf', { path: 'x'.repeat(101) }))).status).toBe(413);
    expect((await send(path, form(10, 'a.pdf', { path: 'x'.repeat(100) }))).status).toBe(200);
  });

  it('refuses a declared size far beyond the route’s limits before parsing', async () => {
    const res = await send(path, form(10), { 'content-length': '99999999' }).catch(() => ({ status: 413 }));
    expect(res.status).toBe(413);
  });

  it('answers 400 for malformed multipart and for other content types', async () => {
    const broken = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc'; // never closed
    expect((await send(path, broken, { 'content-type': 'multipart/form-data; boundary=XYZ' })).status).toBe(400);
    expect((await send(path, 'abc', { 'content-type': 'multipart/form-data' })).status).toBe(400);
    expect((await send(path, '{}', { 'content-type': 'application/json' })).status).toBe(400);
  });

  it('normalises file names: UTF-8, NFC, slashes, control characters', async () => {
    const nfd = 'Schaltplan Größe.pdf'.normalize('NFD');
    expect((await send(path, form(5, nfd))).body.files[0].filename).toBe('Schaltplan Größe.pdf');
    expect((await send(path, form(5, '..\\..\\x/y.pdf'))).body.files[0].filename).toBe('.._.._x_y.pdf');
    // RFC 5987 filename* can carry any character: control and bidi characters are removed
    const raw = Buffer.from(
      `--B\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''Ma%C3%9F%07Plan%E2%80%AE.pdf\r\nContent-Type: application/pdf\r\n\r\n%PDF-\r\n--B--\r\n`,
    );
    const res = await send(path, raw, { 'content-type': 'multipart/form-data; boundary=B' });
    expect(res.body.files[0]).toMatchObject({ filename: 'MaßPlan.pdf', size: 5 });
    // browsers put the UTF-8 bytes straight into filename="…" (read as UTF-8, not latin1)
    const utf8 = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="'),
      Buffer.from('Größe.pdf', 'utf8'),
      Buffer.from('"\r\n\r\n%PDF-\r\n--B--\r\n'),
    ]);
    expect((await send(path, utf8, { 'content-type': 'multipart/form-data; boundary=B' })).body.files[0].filename).toBe(
      'Größe.pdf',
    );
  });
});

describe('bodyLimit', () => {
  it('keeps its limit for JSON and leaves multipart to the route', async () => {
    expect(
      (await send('/json', JSON.stringify({ a: 'x'.repeat(3000) }), { 'content-type': 'application/json' })).status,
    ).toBe(413);
    // file, fields and envelope are over the JSON limit of 1200 bytes, within the route's own limits
    const f = form(LIMIT, 'a.pdf', { path: 'p'.repeat(100), b: 'q'.repeat(100) });
    expect(new Blob([await new Response(f).arrayBuffer()]).size).toBeGreaterThan(1200);
    expect((await send('/stream', f)).status).toBe(200);
  });
});
