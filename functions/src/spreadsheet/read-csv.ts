import { CsvParser, detectDelimiter, type CsvDelimiter } from './csv-parser.js';
import { SpreadsheetError } from './errors.js';
import { createDecoder, detectEncoding, type TextEncoding } from './text-decode.js';

export type ByteSource = Uint8Array | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface CsvReadOptions {
  /** force instead of detecting */
  encoding?: TextEncoding;
  delimiter?: CsvDelimiter;
  /** rows per yielded batch (default 2000) */
  batchSize?: number;
  /** refuse files with more records (default 1 000 000) */
  maxRows?: number;
  /** refuse records longer than this (default 1 Mi characters) */
  maxRecordChars?: number;
}

export interface CsvStream {
  encoding: TextEncoding;
  delimiter: CsvDelimiter;
  /** Batches of records in file order; throws SpreadsheetError('empty') if no cell has content. */
  batches(): AsyncGenerator<string[][]>;
}

const SAMPLE_BYTES = 64 * 1024;
const SLICE_BYTES = 1024 * 1024;

async function* slices(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    for (let i = 0; i < source.length; i += SLICE_BYTES) yield source.subarray(i, i + SLICE_BYTES);
    return;
  }
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    for (let i = 0; i < chunk.length; i += SLICE_BYTES) yield chunk.subarray(i, i + SLICE_BYTES);
  }
}

/**
 * Opens a CSV/TXT byte source for streaming: reads a 64 KiB sample to detect encoding and delimiter,
 * then parses chunk by chunk. Works on a Buffer or on a stream (fs.createReadStream, a GCS read stream).
 */
export async function openCsvStream(source: ByteSource, options: CsvReadOptions = {}): Promise<CsvStream> {
  const it = slices(source);
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SAMPLE_BYTES) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    head.push(r.value);
    headBytes += r.value.length;
  }
  if (headBytes === 0) throw new SpreadsheetError('empty', 'file is empty');
  const sample = head.length === 1 ? head[0]! : Buffer.concat(head);
  const encoding =
    options.encoding ?? detectEncoding(sample.subarray(0, SAMPLE_BYTES), !ended || sample.length > SAMPLE_BYTES);
  const delimiter =
    options.delimiter ?? detectDelimiter(createDecoder(encoding).decode(sample.subarray(0, SAMPLE_BYTES), false));
  const batchSize = options.batchSize ?? 2000;
  const maxRows = options.maxRows ?? 1_000_000;

  /** The chunks already read for the sample, then the rest of the source. */
  async function* sampledThenRest(): AsyncGenerator<Uint8Array> {
    yield* head;
    if (ended) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }

  async function* batches(): AsyncGenerator<string[][]> {
    const decoder = createDecoder(encoding);
    const parser = new CsvParser(delimiter, options.maxRecordChars);
    const pending: string[][] = [];
    let total = 0;
    let content = false;
    const take = (rows: string[][]): void => {
      for (const r of rows) {
        if (!content) content = r.some((c) => c.trim() !== '');
        pending.push(r);
      }
      total += rows.length;
      if (total > maxRows) throw new SpreadsheetError('tooLarge', `more than ${maxRows} rows`);
    };
    for await (const chunk of sampledThenRest()) {
      take(parser.push(decoder.decode(chunk, false)));
      while (pending.length >= batchSize) yield pending.splice(0, batchSize);
    }
    take(parser.push(decoder.decode(new Uint8Array(0), true), true));
    if (!content) throw new SpreadsheetError('empty', 'file has no content');
    if (pending.length) yield pending;
  }
  return { encoding, delimiter, batches };
}

export interface CsvReadResult {
  encoding: TextEncoding;
  delimiter: CsvDelimiter;
  rows: string[][];
}

/** Convenience: all records at once (use openCsvStream for big files). */
export async function readCsv(source: ByteSource, options: CsvReadOptions = {}): Promise<CsvReadResult> {
  const stream = await openCsvStream(source, options);
  const rows: string[][] = [];
  for await (const batch of stream.batches()) for (const r of batch) rows.push(r);
  return { encoding: stream.encoding, delimiter: stream.delimiter, rows };
}
