// Pure-logic units: CRC32C against the client library's implementation, the multipart parser
// on every split position, range parsing and matchGlob translation.
import { CRC32C } from '@google-cloud/storage';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc32cToBase64, crc32cUpdate, Hasher, parseGoogHash } from './hashes.js';
import { MultipartParser, boundaryOf } from './multipart.js';
import { parseRange } from './download.js';
import { globToRegExp } from './list.js';
import { pseudoRandom } from './test-helpers.js';

describe('crc32c', () => {
  it('matches the standard check value', () => {
    expect(crc32cUpdate(0, Buffer.from('123456789')).toString(16)).toBe('e3069283');
    expect(crc32cToBase64(crc32cUpdate(0, Buffer.alloc(0)))).toBe('AAAAAA==');
  });

  it('matches @google-cloud/storage CRC32C for every length and split', () => {
    const data = pseudoRandom(4099, 7);
    for (const n of [1, 3, 7, 8, 9, 15, 16, 17, 100, 4099]) {
      const ref = new CRC32C();
      ref.update(data.subarray(0, n));
      const split = n >> 1;
      const mine = crc32cUpdate(crc32cUpdate(0, data.subarray(0, split)), data.subarray(split, n));
      expect(crc32cToBase64(mine)).toBe(ref.toString());
    }
  });

  it('Hasher gives md5 and crc32c as GCS encodes them', () => {
    const h = new Hasher();
    h.update(Buffer.from('hello '));
    h.update(Buffer.from('world'));
    const ref = new CRC32C();
    ref.update(Buffer.from('hello world'));
    expect(h.digest()).toEqual({
      md5Hash: createHash('md5').update('hello world').digest('base64'),
      crc32c: ref.toString(),
    });
    expect(h.bytes).toBe(11);
    expect(parseGoogHash('crc32c=abc==,md5=def==')).toEqual({ crc32c: 'abc==', md5: 'def==' });
  });
});

describe('multipart parser', () => {
  const boundary = 'xyz123';
  const media = Buffer.concat([Buffer.from('\r\n--xyz12 almost a delimiter\r\n'), pseudoRandom(300, 3)]);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n{"name":"a"}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--`),
  ]);

  it('reassembles parts whatever the chunking', () => {
    for (let cut = 1; cut < body.length; cut += 7) {
      const p = new MultipartParser(boundary);
      const events = [...p.feed(body.subarray(0, cut)), ...p.feed(body.subarray(cut))];
      const parts: { headers: Record<string, string>; data: Buffer[] }[] = [];
      for (const ev of events) {
        if (ev.type === 'part') parts.push({ headers: ev.headers, data: [] });
        else if (ev.type === 'data') parts[parts.length - 1]!.data.push(ev.data);
      }
      expect(p.done).toBe(true);
      expect(parts).toHaveLength(2);
      expect(Buffer.concat(parts[0]!.data).toString()).toBe('{"name":"a"}');
      expect(parts[1]!.headers['content-type']).toBe('image/png');
      expect(Buffer.concat(parts[1]!.data).equals(media)).toBe(true);
    }
    expect(boundaryOf('multipart/related; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/related; boundary=abc')).toBe('abc');
  });
});

describe('range and glob parsing', () => {
  it('parses byte ranges like GCS', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(() => parseRange('bytes=100-', 100)).toThrow(/range/);
  });

  it('translates matchGlob', () => {
    expect(globToRegExp('a/*.txt').test('a/b.txt')).toBe(true);
    expect(globToRegExp('a/*.txt').test('a/b/c.txt')).toBe(false);
    expect(globToRegExp('a/**.txt').test('a/b/c.txt')).toBe(true);
    expect(globToRegExp('**/c.txt').test('c.txt')).toBe(true);
    expect(globToRegExp('{x,y}?.[ab]').test('y1.b')).toBe(true);
    expect(globToRegExp('{x,y}?.[ab]').test('z1.b')).toBe(false);
  });
});
