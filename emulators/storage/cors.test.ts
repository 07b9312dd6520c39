// CORS and the resumable protocol as a browser meets them: a session URI started for an origin answers that
// origin's preflight and exposes Range; a bucket CORS configuration decides for every other route; a chunk PUT cut
// off mid-way is resumed from the offset the status query (`Content-Range: bytes */N`) reports.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { bucketOfPath } from './cors.js';
import { pseudoRandom, useTestBucket } from './test-helpers.js';

const env = useTestBucket('cors-bucket');
const PORTAL = 'http://127.0.0.1:5000';
const KIB256 = 256 * 1024;

const md5 = (b: Buffer) => createHash('md5').update(b).digest('base64');

function preflight(url: string, origin: string, method: string, headers?: string) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      ...(headers ? { 'Access-Control-Request-Headers': headers } : {}),
    },
  });
}

function put(url: string, range: string, body?: Buffer, origin = PORTAL) {
  return fetch(url, {
    method: 'PUT',
    headers: { Origin: origin, 'Content-Range': range },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/** Starts a PUT of `range` announcing `declared` bytes, sends only `sent` of them, and cuts the connection. */
async function interruptedPut(url: string, range: string, declared: number, sent: Buffer): Promise<void> {
  const req = http.request(url, {
    method: 'PUT',
    headers: { Origin: PORTAL, 'Content-Range': range, 'Content-Length': String(declared) },
  });
  req.on('error', () => {}); // the cut is the point
  // the write callback fires once the bytes are handed to the operating system; then the "network" drops
  await new Promise<void>((ok, fail) => req.write(sent, (err) => (err ? fail(err) : ok())));
  req.destroy();
}

/** The status query; a server still finishing the cut request answers 503, which a client retries. */
async function status(url: string, total: number): Promise<Response> {
  for (;;) {
    const res = await put(url, `bytes */${total}`);
    if (res.status !== 503) return res;
  }
}

describe('resumable session URIs and CORS', () => {
  it('answer the preflight of the origin the session was started for, and only that one', async () => {
    const [uri] = await env.bucket.file('cors/a.csv').createResumableUpload({ origin: PORTAL });
    const ok = await preflight(uri, PORTAL, 'PUT', 'content-range');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(ok.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-range');
    expect(Number(ok.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    // cancelling is a DELETE from the same page
    expect((await preflight(uri, PORTAL, 'DELETE')).headers.get('access-control-allow-origin')).toBe(PORTAL);

    const other = await preflight(uri, 'https://evil.example', 'PUT', 'content-range');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // a session started without an origin (server-side uploads) answers no browser
    const [plain] = await env.bucket.file('cors/b.csv').createResumableUpload();
    expect((await preflight(plain, PORTAL, 'PUT')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a chunk cut off mid-way: the status query answers 308 with the persisted Range, the upload resumes there', async () => {
    const data = pseudoRandom(3 * KIB256 + 1000, 23);
    const total = data.length;
    const file = env.bucket.file('cors/resume.csv');
    const [uri] = await file.createResumableUpload({ origin: PORTAL });

    // nothing yet: 308 without Range
    const fresh = await status(uri, total);
    expect(fresh.status).toBe(308);
    expect(fresh.headers.get('range')).toBeNull();

    // first chunk (256 KiB): 308, Range exposed to the page
    const first = await put(uri, `bytes 0-${KIB256 - 1}/${total}`, data.subarray(0, KIB256));
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${KIB256 - 1}`);
    expect(first.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(first.headers.get('access-control-expose-headers')).toMatch(/\bRange\b/);
    expect(first.headers.get('location')).toBeNull(); // a 308 without Location: browsers do not follow it

    // the second chunk (512 KiB) is cut off after 100 000 of its bytes
    await interruptedPut(
      uri,
      `bytes ${KIB256}-${3 * KIB256 - 1}/${total}`,
      2 * KIB256,
      data.subarray(KIB256, KIB256 + 100_000),
    );
    const after = await status(uri, total);
    expect(after.status).toBe(308);
    const last = Number(/^bytes=0-(\d+)$/.exec(after.headers.get('range') ?? '')?.[1]);
    expect(last).toBeGreaterThanOrEqual(KIB256 - 1);
    expect(last).toBeLessThanOrEqual(KIB256 + 100_000 - 1);
    expect(after.headers.get('access-control-allow-origin')).toBe(PORTAL);

    // resume from the confirmed offset to the end: 200 with the object, whole and intact
    const done = await put(uri, `bytes ${last + 1}-${total - 1}/${total}`, data.subarray(last + 1));
    expect(done.status).toBe(200);
    expect(done.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const object = (await done.json()) as { size: string; md5Hash: string };
    expect(object.size).toBe(String(total));
    expect(object.md5Hash).toBe(md5(data));
    expect((await file.download())[0].equals(data)).toBe(true);
    // asking again after the end answers the object
    expect((await status(uri, total)).status).toBe(200);
  });

  it('a resend that overlaps what the server has is accepted from its offset; DELETE cancels (499, then 404)', async () => {
    const data = pseudoRandom(2 * KIB256, 9);
    const file = env.bucket.file('cors/overlap.csv');
    const [uri] = await file.createResumableUpload({ origin: PORTAL });
    expect((await put(uri, `bytes 0-${KIB256 - 1}/${data.length}`, data.subarray(0, KIB256))).status).toBe(308);
    // a client that missed the 308 sends the first chunk again together with the second
    const whole = await put(uri, `bytes 0-${data.length - 1}/${data.length}`, data);
    expect(whole.status).toBe(200);
    expect((await file.download())[0].equals(data)).toBe(true);

    const [cancelled] = await env.bucket.file('cors/cancelled.csv').createResumableUpload({ origin: PORTAL });
    const del = await fetch(cancelled, { method: 'DELETE', headers: { Origin: PORTAL } });
    expect(del.status).toBe(499);
    expect(del.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect((await put(cancelled, 'bytes */10')).status).toBe(404);
    expect((await env.bucket.file('cors/cancelled.csv').exists())[0]).toBe(false);
  });
});

describe('a bucket CORS configuration', () => {
  it('is stored on the bucket and decides preflights and answers of every route of it', async () => {
    const bucket = env.storage.bucket('cors-config');
    await bucket.file('public/a.txt').save('hello', { resumable: false });
    const base = `${env.endpoint}/storage/v1/b/cors-config/o/${encodeURIComponent('public/a.txt')}`;
    // no configuration: no CORS headers
    expect(
      (await fetch(`${base}?alt=media`, { headers: { Origin: PORTAL } })).headers.get('access-control-allow-origin'),
    ).toBeNull();

    await bucket.setCorsConfiguration([
      {
        origin: [PORTAL],
        method: ['GET', 'HEAD'],
        responseHeader: ['Content-Type', 'X-Goog-Hash'],
        maxAgeSeconds: 600,
      },
    ]);
    expect((await bucket.getMetadata())[0].cors).toEqual([
      {
        origin: [PORTAL],
        method: ['GET', 'HEAD'],
        responseHeader: ['Content-Type', 'X-Goog-Hash'],
        maxAgeSeconds: 600,
      },
    ]);

    const got = await fetch(`${base}?alt=media`, { headers: { Origin: PORTAL } });
    expect(await got.text()).toBe('hello');
    expect(got.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(got.headers.get('access-control-expose-headers')).toBe('Content-Type, X-Goog-Hash');
    expect(got.headers.get('vary')).toBe('Origin');

    const pre = await preflight(base, PORTAL, 'GET', 'x-goog-hash');
    expect(pre.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(pre.headers.get('access-control-max-age')).toBe('600');
    // a header the rule does not name, a method it does not name, another origin: refused
    expect((await preflight(base, PORTAL, 'GET', 'x-custom')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(base, PORTAL, 'DELETE')).headers.get('access-control-allow-origin')).toBeNull();
    expect(
      (await preflight(base, 'https://other.example', 'GET')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    // the XML-style public URL of the same bucket follows the same rule
    const pub = await fetch(`${env.endpoint}/cors-config/public/a.txt`, { headers: { Origin: PORTAL } });
    expect(pub.headers.get('access-control-allow-origin')).toBe(PORTAL);

    // a rule with PUT lets a browser upload through a session started without an origin (the production setup)
    await bucket.setCorsConfiguration([
      { origin: [PORTAL], method: ['PUT'], responseHeader: ['Content-Range', 'Range'] },
    ]);
    const [uri] = await bucket.file('upload/b.csv').createResumableUpload();
    const pre2 = await preflight(uri, PORTAL, 'PUT', 'content-range');
    expect(pre2.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const body = Buffer.from('a;b\n');
    const res = await put(uri, `bytes 0-${body.length - 1}/${body.length}`, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Range, Range');

    await bucket.setCorsConfiguration([]);
    expect((await bucket.getMetadata())[0].cors).toBeUndefined();
  });

  it("the production bucket's configuration (storage.cors.json) lets the portal upload through a session", async () => {
    const template = readFileSync(new URL('../../storage.cors.json', import.meta.url), 'utf8');
    const portal = 'https://portal.example.de';
    expect(template).toContain(portal); // the placeholder the README's command replaces with PORTAL_URL
    const bucket = env.storage.bucket('cors-production');
    await bucket.setCorsConfiguration(JSON.parse(template));
    // a session started without an origin: only the bucket's configuration answers the browser
    const [uri] = await bucket.file('articleImports/x/gross.csv').createResumableUpload();
    const pre = await preflight(uri, portal, 'PUT', 'content-range');
    expect(pre.headers.get('access-control-allow-origin')).toBe(portal);
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-range');
    const body = Buffer.alloc(KIB256 + 5, 1);
    const first = await put(uri, `bytes 0-${KIB256 - 1}/${body.length}`, body.subarray(0, KIB256), portal);
    expect(first.status).toBe(308);
    expect(first.headers.get('access-control-allow-origin')).toBe(portal);
    expect(first.headers.get('access-control-expose-headers')?.split(', ')).toContain('Range');
    expect((await preflight(uri, portal, 'DELETE')).headers.get('access-control-allow-origin')).toBe(portal);
    expect(
      (await preflight(uri, 'https://elsewhere.example', 'PUT')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('finds the bucket in every URL form', () => {
    expect(bucketOfPath('/upload/storage/v1/b/bk/o')).toBe('bk');
    expect(bucketOfPath('/download/storage/v1/b/bk/o/x')).toBe('bk');
    expect(bucketOfPath('/storage/v1/b/bk/o/x')).toBe('bk');
    expect(bucketOfPath('/b/bk/o/x')).toBe('bk');
    expect(bucketOfPath('/v0/b/bk/o/x')).toBe('bk');
    expect(bucketOfPath('/bk/some/object')).toBe('bk');
    expect(bucketOfPath('/b')).toBeUndefined();
  });
});
