import type { Doc } from './store.js';
import { projectFields } from './field-paths.js';
import { timestampMicros } from './values.js';

/** Converts between internal microsecond times / documents and their protobuf object form. */

export interface Timestamp {
  seconds: string;
  nanos: number;
}

export function toTimestamp(micros: number): Timestamp {
  const seconds = Math.floor(micros / 1e6);
  return { seconds: String(seconds), nanos: (micros - seconds * 1e6) * 1000 };
}

export const fromTimestamp = (t: unknown): number =>
  timestampMicros(t as { seconds?: string | number; nanos?: number });

export function docToProto(doc: Doc, mask?: string[][]) {
  return {
    name: doc.name,
    fields: mask ? projectFields(doc.fields, mask) : doc.fields,
    createTime: toTimestamp(doc.createTime),
    updateTime: toTimestamp(doc.updateTime),
  };
}

/** Commit timestamps: microsecond precision, strictly increasing so every commit is ordered. */
export class Clock {
  private last = 0;
  next(): number {
    const now = Date.now() * 1000;
    this.last = now > this.last ? now : this.last + 1;
    return this.last;
  }
  /** A read time that sees every commit made so far; later commits get a strictly later time. */
  readNow(): number {
    this.last = Math.max(Date.now() * 1000, this.last);
    return this.last;
  }
}
