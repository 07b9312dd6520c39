import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { streamThenEnd } from './send-download.js';

/** A server whose one handler streams `size` bytes through streamThenEnd; `done` settles when the handler returned. */
async function serve(size: number) {
  const counted: string[] = [];
  let done!: Promise<void>;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    let left = size;
    const source = new Readable({
      read() {
        const n = Math.min(left, chunk.length);
        left -= n;
        this.push(n ? chunk.subarray(0, n) : null);
      },
    });
    done = streamThenEnd(res as unknown as Response, source, async () => {
      counted.push('delivered');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, counted, done: () => done };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('streamThenEnd: a download counts once its last byte is out', () => {
  it('counts a download read to the end before its last chunk goes out', async () => {
    const s = await serve(256 * 1024);
    close = () => s.server.close();
    const res = await fetch(`http://127.0.0.1:${s.port}/`);
    expect((await res.arrayBuffer()).byteLength).toBe(256 * 1024);
    // the last chunk waits for the count: a client holding the whole file finds it counted
    expect(s.counted).toEqual(['delivered']);
    await s.done();
  });

  it('does not count a client that hangs up after the headers', async () => {
    // far more than the socket buffers hold, so the server is still writing when the client leaves
    const s = await serve(64 * 1024 * 1024);
    close = () => s.server.close();
    const aborted = new AbortController();
    const res = await fetch(`http://127.0.0.1:${s.port}/`, { signal: aborted.signal });
    expect(res.status).toBe(200);
    aborted.abort();
    await s.done();
    expect(s.counted).toEqual([]);
  });
});
