import { BOM_I18N_KEYS } from '../../../model/bom/i18n-keys.js';
import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import { sniffContent } from '../../../spreadsheet/index.js';
import { createDecoder, detectEncoding, type TextEncoding } from '../../../spreadsheet/text-decode.js';
import { DatanormState, RECORD_HANDLERS, type DatanormVersion } from './datanorm-records.js';
import { DATANORM_REASONS, problem } from './datanorm-values.js';
import type { SourceReader } from './source-records.js';

/**
 * DATANORM 4 and 5 (docs/decisions-imports.md "DATANORM"): semicolon-separated lines, one record per line, the
 * record type in the first field. Read: V (header: version), A (article), B (article, second part), D (dimension
 * text), T (long text, by key), P (prices, up to three articles per line), R (discount groups, the .RAB file) —
 * the record handlers of `datanorm-records.ts`; the other record types are skipped silently.
 */

/** Bytes decoded at a time (the file is bytes in memory already; lines are produced one by one). */
const DECODE_CHUNK = 64 * 1024;
/** How much of the file the encoding detection looks at. */
const ENCODING_SAMPLE = 1024 * 1024;

/** A record letters a DATANORM file may hold; a first line with none of them is no DATANORM file. */
const RECORD_TYPES = new Set(['V', 'A', 'B', 'C', 'D', 'E', 'G', 'J', 'K', 'P', 'R', 'S', 'T', 'Z']);

/** Splits a record into fields; trailing blanks of a field are padding, not content. */
function fieldsOf(line: string): string[] {
  return line.split(';').map((f) => f.trim());
}

/** Version from the V record: V5 writes `V;050;…`, V4 is a fixed-width line with "04" at columns 124–125. */
export function datanormVersion(header: string): DatanormVersion | undefined {
  const f = header.split(';');
  if (f[0] === 'V' && f.length > 3 && f[1]?.trim() === '050') return 5;
  if (header.slice(123, 125) === '04') return 4;
  if (f[0] === 'V' && f.length > 1) return undefined;
  // V4 headers shortened by editors that strip trailing blanks: the version is still where the fixed layout puts it
  return /^V[ ;]/.test(header) ? 4 : undefined;
}

/** Does the content look like DATANORM: text, its first line a record letter and ';' (or V4's fixed-width 'V ')? */
export function looksLikeDatanorm(bytes: Uint8Array): boolean {
  if (sniffContent(bytes) !== 'text') return false;
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  const first = head.split(/\r?\n/).find((l) => l.trim() !== '');
  if (!first) return false;
  if (first.startsWith('V ')) return true;
  return RECORD_TYPES.has(first[0]!) && first[1] === ';';
}

/**
 * The file's lines. The unfinished line's pieces are kept apart and joined once its end comes: joining and splitting
 * it again with every decoded chunk would read a long line once per chunk (quadratic in its length).
 */
async function* lines(bytes: Buffer, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = createDecoder(encoding);
  let rest: string[] = [];
  const line = (last: string) => {
    const whole = rest.length ? rest.join('') + last : last;
    rest = [];
    return whole.endsWith('\r') ? whole.slice(0, -1) : whole;
  };
  for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
    const end = Math.min(bytes.length, at + DECODE_CHUNK);
    const parts = decoder.decode(bytes.subarray(at, end), end === bytes.length).split('\n');
    const open = parts.pop()!;
    for (const p of parts) yield line(p);
    if (open !== '') rest.push(open);
  }
  if (rest.length) yield line('');
}

/** The reader: the version from the first V record (4, reported, without one), then each record to its handler. */
export const readDatanorm: SourceReader = async function* (bytes: Buffer, _fileName: string) {
  if (bytes.length === 0) throw new TaskFailure(BOM_I18N_KEYS.empty, 'empty DATANORM file');
  if (!looksLikeDatanorm(bytes)) throw new TaskFailure(BOM_I18N_KEYS.corrupt, 'not a DATANORM file');
  const sample = bytes.subarray(0, ENCODING_SAMPLE);
  const encoding = detectEncoding(sample, sample.length < bytes.length);
  const state = new DatanormState();
  let row = 0;
  for await (const raw of lines(bytes, encoding)) {
    row++;
    const line = row === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    const type = line[0]!;
    if (type === 'V' && state.version === undefined) {
      state.version = datanormVersion(line);
      if (state.version === undefined) {
        state.version = 4;
        yield problem(row, 'V', DATANORM_REASONS.header);
      }
      continue;
    }
    if (state.version === undefined) {
      state.version = 4;
      yield problem(row, 'V', DATANORM_REASONS.header);
    }
    if (!RECORD_TYPES.has(type) || line[1] !== ';') {
      yield problem(row, 'Satzart', DATANORM_REASONS.recordType);
      continue;
    }
    const handler = RECORD_HANDLERS[type];
    // for…of rather than yield*: a sync generator delegated to from an async one costs a promise per step
    if (handler) for (const out of handler(state, fieldsOf(line), row)) yield out;
  }
  for (const out of state.flush()) yield out;
};
