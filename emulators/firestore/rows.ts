// Rows: a matching document with its sort keys, their order and the cursor bounds (scan and index paths alike).
import { compareKeys, toKey, type Key } from './field-index.js';
import type { Plan } from './query.js';
import type { Doc } from './store.js';
import { compareReferences, typeOrder } from './values.js';

/** A matching document with its sort keys; `__name__` keys stay null and compare via doc.name. */
export interface Row {
  doc: Doc;
  keys: (Key | null)[];
}

/** The plan's order over rows. */
export function rowOrder(p: Plan): (a: Row, b: Row) => number {
  const n = p.order.length;
  return (a, b) => {
    for (let i = 0; i < n; i++) {
      const ka = a.keys[i];
      const c = ka ? compareKeys(ka, b.keys[i]!) : compareReferences(a.doc.name, b.doc.name);
      if (c !== 0) return c * p.order[i]!.dir;
    }
    return 0;
  };
}

/** A document's row when it passes the filter, has every ordered field and lies within the cursors. */
export function rowOf(doc: Doc, p: Plan): Row | null {
  if (!p.filter(doc)) return null;
  const n = p.order.length;
  const keys: (Key | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const o = p.order[i]!;
    if (o.isName) {
      keys[i] = null;
      continue;
    }
    const v = o.get(doc);
    if (v === undefined) return null; // documents missing an ordered field are excluded, like production
    keys[i] = toKey(v);
  }
  const row = { doc, keys };
  return beforeStart(row, p) || afterEnd(row, p) ? null : row;
}

/** Does the row come before the query's start cursor? */
export function beforeStart(row: Row, p: Plan): boolean {
  if (!p.startAt) return false;
  const c = cmpCursor(row, p.startAt.keys, p);
  return c < 0 || (c === 0 && !p.startAt.before);
}

/** Does the row come after the query's end cursor? */
export function afterEnd(row: Row, p: Plan): boolean {
  if (!p.endAt) return false;
  const c = cmpCursor(row, p.endAt.keys, p);
  return c > 0 || (c === 0 && p.endAt.before);
}

const REFERENCE_TYPE = typeOrder({ referenceValue: '' });

function cmpCursor(row: Row, cursor: Key[], p: Plan): number {
  for (let i = 0; i < cursor.length; i++) {
    const k = row.keys[i];
    const ck = cursor[i]!;
    // a `__name__` key (null) is the document's reference: compared in place, without building a Key per row
    const c = k
      ? compareKeys(k, ck)
      : ck.t === REFERENCE_TYPE
        ? compareReferences(row.doc.name, ck.s!)
        : REFERENCE_TYPE < ck.t
          ? -1
          : 1;
    if (c !== 0) return c * p.order[i]!.dir;
  }
  return 0;
}
