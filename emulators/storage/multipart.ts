// Streaming multipart/related parser: the media part of an upload can be hundreds of MB, so
// parts are emitted as byte slices as they arrive; only a delimiter-sized tail is held back.

export type PartEvent =
  { type: 'part'; headers: Record<string, string> } | { type: 'data'; data: Buffer } | { type: 'end' };

const CRLF2 = Buffer.from('\r\n\r\n');

export class MultipartParser {
  private readonly delim: Buffer;
  // A leading CRLF lets the very first "--boundary" match the same "\r\n--boundary" delimiter.
  private buf: Buffer = Buffer.from('\r\n');
  private state: 'preamble' | 'afterDelim' | 'headers' | 'body' | 'done' = 'preamble';

  constructor(boundary: string) {
    this.delim = Buffer.from(`\r\n--${boundary}`);
  }

  get done(): boolean {
    return this.state === 'done';
  }

  /** Feed the next chunk of the request body; returns the events it completes. */
  feed(chunk: Buffer): PartEvent[] {
    const out: PartEvent[] = [];
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.state === 'preamble' || this.state === 'body') {
        const i = this.buf.indexOf(this.delim);
        if (i < 0) {
          // keep a tail that could be the start of a delimiter split across chunks
          const keep = Math.min(this.buf.length, this.delim.length - 1);
          const emit = this.buf.length - keep;
          if (this.state === 'body' && emit > 0) out.push({ type: 'data', data: this.buf.subarray(0, emit) });
          this.buf = this.buf.subarray(emit);
          return out;
        }
        if (this.state === 'body') {
          if (i > 0) out.push({ type: 'data', data: this.buf.subarray(0, i) });
          out.push({ type: 'end' });
        }
        this.buf = this.buf.subarray(i + this.delim.length);
        this.state = 'afterDelim';
      } else if (this.state === 'afterDelim') {
        if (this.buf.length < 2) return out;
        if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
          this.state = 'done';
          this.buf = Buffer.alloc(0);
          return out;
        }
        // skip optional transport padding up to the CRLF ending the delimiter line
        const nl = this.buf.indexOf('\r\n');
        if (nl < 0) return out;
        this.buf = this.buf.subarray(nl + 2);
        this.state = 'headers';
      } else if (this.state === 'headers') {
        // an empty header block starts directly with CRLF
        if (this.buf.length >= 2 && this.buf[0] === 0x0d && this.buf[1] === 0x0a) {
          this.buf = this.buf.subarray(2);
          out.push({ type: 'part', headers: {} });
          this.state = 'body';
          continue;
        }
        const i = this.buf.indexOf(CRLF2);
        if (i < 0) return out;
        const headers: Record<string, string> = {};
        for (const line of this.buf.subarray(0, i).toString('utf8').split('\r\n')) {
          const c = line.indexOf(':');
          if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
        }
        this.buf = this.buf.subarray(i + 4);
        out.push({ type: 'part', headers });
        this.state = 'body';
      } else {
        return out;
      }
    }
  }
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}
