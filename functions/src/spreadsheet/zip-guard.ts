import { SpreadsheetError } from './errors.js';

export interface ZipLimits {
  /** sum of declared uncompressed sizes */
  maxTotalUncompressed: number;
  /** declared uncompressed / compressed for entries larger than ratioFloor */
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
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;

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
  if (count === 0xffff || cdOffset === 0xffffffff) throw new SpreadsheetError('tooLarge', 'zip64 archives are not accepted');
  if (cdOffset + cdSize > bytes.length) throw new SpreadsheetError('corrupt', 'zip central directory out of bounds');
  const entries: ZipEntryInfo[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CEN_SIG) throw new SpreadsheetError('corrupt', 'zip central directory damaged');
    const flags = view.getUint16(p + 8, true);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen));
    entries.push({ name, compressedSize, uncompressedSize, encrypted: (flags & 1) === 1 });
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
  for (const e of entries) {
    if (e.encrypted) throw new SpreadsheetError('encrypted', `zip entry ${e.name} is encrypted`);
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff) throw new SpreadsheetError('tooLarge', 'zip64 entry');
    total += e.uncompressedSize;
    if (e.uncompressedSize > limits.ratioFloor && e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio) {
      throw new SpreadsheetError('tooLarge', `zip entry ${e.name} declares compression ratio above ${limits.maxRatio}`);
    }
  }
  if (total > limits.maxTotalUncompressed) throw new SpreadsheetError('tooLarge', `zip declares ${total} bytes uncompressed`);
  if (!entries.some((e) => e.name === '[Content_Types].xml' || e.name.startsWith('xl/'))) {
    throw new SpreadsheetError('formatMismatch', 'zip archive is not an Excel workbook');
  }
  return entries;
}
