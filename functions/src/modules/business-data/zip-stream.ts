import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A small streaming ZIP writer (docs/decisions-project-folder.md "ZIP of a selection"): stored entries (the folder's
 * files are PDFs, images and office files, already compressed), each streamed once from its source with its CRC-32
 * computed on the way and written in a data descriptor after the data, then the central directory. Nothing is held
 * in memory but the chunk in flight and one directory record per entry. No ZIP64: the selection cap (200 MB,
 * 50 files) keeps every offset far below 4 GiB.
 */
export interface ZipSource {
  /** the entry's name (UTF-8; the folder's names contain no slashes) */
  name: string;
  /** the entry's bytes, opened when its turn comes */
  open(): Readable | AsyncIterable<Buffer | Uint8Array>;
  modified?: Date;
}

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8 */
const FLAGS = 0x0008 | 0x0800;
const VERSION = 20;
/** made by: UNIX (3) — with "MS-DOS" some unzip builds read the names as code page 437 despite bit 11 */
const MADE_BY = (3 << 8) | VERSION;
/** external attributes: a regular file, rw-r--r-- */
const FILE_MODE = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;

/** MS-DOS time and date of a moment (local fields as UTC; the archive has no time zone). */
export function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(LOCAL, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(FLAGS, 6);
  h.writeUInt16LE(0, 8); // stored
  h.writeUInt16LE(time, 10);
  h.writeUInt16LE(date, 12);
  // CRC and sizes (14..25) are zero: they follow in the data descriptor
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return h;
}

function descriptor(crc: number, size: number): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(DESCRIPTOR, 0);
  d.writeUInt32LE(crc, 4);
  d.writeUInt32LE(size, 8);
  d.writeUInt32LE(size, 12);
  return d;
}

function centralRecord(e: Written): Buffer {
  const c = Buffer.alloc(46);
  c.writeUInt32LE(CENTRAL, 0);
  c.writeUInt16LE(MADE_BY, 4);
  c.writeUInt16LE(VERSION, 6);
  c.writeUInt16LE(FLAGS, 8);
  c.writeUInt16LE(0, 10);
  c.writeUInt16LE(e.time, 12);
  c.writeUInt16LE(e.date, 14);
  c.writeUInt32LE(e.crc, 16);
  c.writeUInt32LE(e.size, 20);
  c.writeUInt32LE(e.size, 24);
  c.writeUInt16LE(e.name.length, 28);
  // extra, comment, disk, internal attributes: 0
  c.writeUInt32LE(FILE_MODE, 38);
  c.writeUInt32LE(e.offset, 42);
  return Buffer.concat([c, e.name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

async function* entries(sources: readonly ZipSource[], now: Date): AsyncGenerator<Buffer> {
  if (sources.length > 0xffff) throw new Error('too many entries for a ZIP without ZIP64');
  const written: Written[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(source.name.normalize('NFC'), 'utf8');
    const { time, date } = dosDateTime(source.modified ?? now);
    const header = localHeader(name, time, date);
    const entry: Written = { name, crc: 0, size: 0, offset, time, date };
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;
    for await (const chunk of source.open()) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      yield bytes;
    }
    offset += entry.size;
    if (offset > MAX_32) throw new Error('archive too large for a ZIP without ZIP64');
    yield descriptor(entry.crc, entry.size);
    offset += 16;
    written.push(entry);
  }
  const directory = written.map(centralRecord);
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  yield* directory;
  yield endRecord(written.length, size, offset);
}

/** The archive of `sources` as a stream (pull-based: a slow client slows the reading of the sources). */
export function zipStream(sources: readonly ZipSource[], now = new Date()): Readable {
  return Readable.from(entries(sources, now), { objectMode: false });
}
