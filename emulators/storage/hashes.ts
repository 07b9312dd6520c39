// MD5 + CRC32C as GCS reports them: both base64, CRC32C as 4 big-endian bytes.
// CRC32C (Castagnoli) is computed in JS with slicing-by-8 tables: Node 20 has no built-in
// and the client validates downloads against the x-goog-hash we send.
import { createHash, type Hash } from 'node:crypto';

const POLY = 0x82f63b78; // reflected Castagnoli polynomial

/** TABLES[k][b]: CRC contribution of byte b located k bytes before the end of an 8-byte block. */
const TABLES: Uint32Array[] = (() => {
  const t = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t[0]![n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[0]![n]!;
    for (let k = 1; k < 8; k++) {
      c = (t[0]![c & 0xff]! ^ (c >>> 8)) >>> 0;
      t[k]![n] = c;
    }
  }
  return t;
})();

/** Continue a CRC32C over `buf`; start with crc = 0. */
export function crc32cUpdate(crc: number, buf: Uint8Array): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = TABLES as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  let c = ~crc >>> 0;
  let i = 0;
  const len = buf.length;
  const end8 = len - (len % 8);
  while (i < end8) {
    const lo = (c ^ (buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24))) >>> 0;
    c =
      t7[lo & 0xff]! ^
      t6[(lo >>> 8) & 0xff]! ^
      t5[(lo >>> 16) & 0xff]! ^
      t4[lo >>> 24]! ^
      t3[buf[i + 4]!]! ^
      t2[buf[i + 5]!]! ^
      t1[buf[i + 6]!]! ^
      t0[buf[i + 7]!]!;
    i += 8;
  }
  while (i < len) c = t0[(c ^ buf[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** GCS encoding of a CRC32C value: base64 of the 4 big-endian bytes. */
export function crc32cToBase64(crc: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(crc >>> 0);
  return b.toString('base64');
}

export interface Digests {
  md5Hash: string;
  crc32c: string;
}

/** Incremental md5 + crc32c over a byte stream, fed chunk by chunk as it goes to disk. */
export class Hasher {
  private md5: Hash = createHash('md5');
  private crc = 0;
  bytes = 0;

  update(chunk: Uint8Array): void {
    this.md5.update(chunk);
    this.crc = crc32cUpdate(this.crc, chunk);
    this.bytes += chunk.length;
  }

  digest(): Digests {
    return { md5Hash: this.md5.digest('base64'), crc32c: crc32cToBase64(this.crc) };
  }
}

/** Parse an `X-Goog-Hash: crc32c=...,md5=...` header into its parts. */
export function parseGoogHash(header: string | string[] | undefined): { md5?: string; crc32c?: string } {
  const out: { md5?: string; crc32c?: string } = {};
  const values = Array.isArray(header) ? header : header ? [header] : [];
  for (const v of values.join(',').split(',')) {
    const i = v.indexOf('=');
    if (i < 0) continue;
    const key = v.slice(0, i).trim().toLowerCase();
    const val = v.slice(i + 1).trim();
    if (key === 'md5') out.md5 = val;
    else if (key === 'crc32c') out.crc32c = val;
  }
  return out;
}
