import { createInflateRaw } from 'node:zlib';
import { SpreadsheetError } from './errors.js';

export interface ZipLimits {
  /** sum of declared uncompressed sizes */
  maxTotalUncompressed: number;
  /** declared uncompressed / compressed for entries larger than ratioFloor, and for the archive as a whole */
  maxRatio: number;
  ratioFloor: number;
  maxEntries: number;
}

/**
 * Real xlsx sheets compress ~5–30x, shared strings of repetitive BOMs up to ~100x;
 * zip bombs sit at 1000x and beyond. 256 MB total keeps SheetJS well under the 512 MB RSS goal.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalUncompressed: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloor: 1024 * 1024,
  maxEntries: 5000,
};

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
  /** 0 stored, 8 deflate */
  method: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/** Reads the central directory without inflating anything. Throws `corrupt` when it cannot be found. */
export function readZipDirectory(bytes: Uint8Array): ZipEntryInfo[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const minStart = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= minStart; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new SpreadsheetError('corrupt', 'zip end of central directory not found (truncated file?)');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff)
    throw new SpreadsheetError('tooLarge', 'zip64 archives are not accepted');
  if (cdOffset + cdSize > bytes.length) throw new SpreadsheetError('corrupt', 'zip central directory out of bounds');
  const entries: ZipEntryInfo[] = [];
  const utf8 = new TextDecoder();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CEN_SIG)
      throw new SpreadsheetError('corrupt', 'zip central directory damaged');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const localHeaderOffset = view.getUint32(p + 42, true);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    entries.push({ name, compressedSize, uncompressedSize, encrypted: (flags & 1) === 1, method, localHeaderOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Refuses zip bombs, zip64 and encrypted entries before SheetJS inflates anything. */
export function assertSafeZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntryInfo[] {
  const entries = readZipDirectory(bytes);
  if (entries.length === 0) throw new SpreadsheetError('empty', 'zip archive has no entries');
  if (entries.length > limits.maxEntries) throw new SpreadsheetError('tooLarge', `zip has ${entries.length} entries`);
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    if (e.encrypted) throw new SpreadsheetError('encrypted', `zip entry ${e.name} is encrypted`);
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff)
      throw new SpreadsheetError('tooLarge', 'zip64 entry');
    total += e.uncompressedSize;
    compressed += e.compressedSize;
    if (
      e.uncompressedSize > limits.ratioFloor &&
      e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio
    ) {
      throw new SpreadsheetError('tooLarge', `zip entry ${e.name} declares compression ratio above ${limits.maxRatio}`);
    }
  }
  if (total > limits.maxTotalUncompressed)
    throw new SpreadsheetError('tooLarge', `zip declares ${total} bytes uncompressed`);
  // a bomb spread over many entries, each just under the floor: the archive as a whole
  if (total > limits.ratioFloor && total / Math.max(1, compressed) > limits.maxRatio)
    throw new SpreadsheetError('tooLarge', `zip declares compression ratio above ${limits.maxRatio} in all`);
  if (!entries.some((e) => e.name === '[Content_Types].xml' || e.name.startsWith('xl/'))) {
    throw new SpreadsheetError('formatMismatch', 'zip archive is not an Excel workbook');
  }
  return entries;
}

/** Inflates one entry's data, discarding the output, and fails as soon as it exceeds `max` bytes. */
function inflatedSizeAtMost(data: Uint8Array, max: number, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const z = createInflateRaw({ chunkSize: 64 * 1024 });
    let n = 0;
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > max) {
        z.destroy();
        reject(new SpreadsheetError('tooLarge', `zip entry ${name} inflates beyond its declared ${max} bytes`));
      }
    });
    z.on('end', () => resolve(n));
    z.on('error', (e) => reject(new SpreadsheetError('corrupt', `zip entry ${name} cannot be inflated`, { cause: e })));
    z.end(data);
  });
}

/**
 * The central directory can lie: an entry may declare 1 KB and inflate to gigabytes. This streams every
 * deflated entry through zlib in 64 KiB pieces (output discarded, so memory stays flat) and refuses any
 * entry that produces more than it declared, before SheetJS inflates it for real.
 */
export async function assertZipInflatesAsDeclared(bytes: Uint8Array, entries: readonly ZipEntryInfo[]): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const e of entries) {
    const p = e.localHeaderOffset;
    if (p + 30 > bytes.length || view.getUint32(p, true) !== LOC_SIG)
      throw new SpreadsheetError('corrupt', `zip local header of ${e.name} missing`);
    const start = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
    const end = start + e.compressedSize;
    if (end > bytes.length) throw new SpreadsheetError('corrupt', `zip entry ${e.name} truncated`);
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize)
        throw new SpreadsheetError('corrupt', `stored zip entry ${e.name} has inconsistent sizes`);
    } else if (e.method === 8) {
      await inflatedSizeAtMost(bytes.subarray(start, end), e.uncompressedSize, e.name);
    } else throw new SpreadsheetError('unsupportedFormat', `zip entry ${e.name} uses compression method ${e.method}`);
  }
}
