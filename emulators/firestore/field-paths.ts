// Field paths: canonical string form (`a.b`, backquoted segments), immutable nested access and field getters.
import { invalid } from './errors.js';
import type { Doc } from './store.js';
import type { Fields, Value } from './values.js';

const quoteSeg = (s: string) =>
  /^[A-Za-z_][A-Za-z_0-9]*$/.test(s) ? s : '`' + s.replace(/[\\`]/g, (m) => '\\' + m) + '`';

/** The canonical string of a field path's segments (the inverse of parseFieldPath). */
export function formatFieldPath(segs: readonly string[]): string {
  return segs.map(quoteSeg).join('.');
}

/** Parses a canonical field path (`a.b`, `` `x.y`.z ``, with \` and \\ escapes) into segments. */
export function parseFieldPath(path: string): string[] {
  const segs: string[] = [];
  const len = path.length;
  let i = 0;
  for (;;) {
    let seg = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < len) {
        const c = path[i]!;
        if (c === '\\') {
          seg += path[i + 1] ?? '';
          i += 2;
        } else if (c === '`') {
          closed = true;
          i++;
          break;
        } else {
          seg += c;
          i++;
        }
      }
      if (!closed) throw invalid(`Invalid field path "${path}": unterminated backquote.`);
    } else {
      while (i < len && path[i] !== '.') seg += path[i++];
    }
    if (seg === '') throw invalid(`Invalid field path "${path}": empty segment.`);
    segs.push(seg);
    if (i === len) return segs;
    if (path[i] !== '.') throw invalid(`Invalid field path "${path}".`);
    i++;
  }
}

export function getField(fields: Fields, segs: readonly string[]): Value | undefined {
  let cur: Value | undefined = fields[segs[0]!];
  for (let i = 1; i < segs.length && cur; i++) {
    const m: { fields?: Fields } | undefined = cur.mapValue;
    if (!m) return undefined;
    cur = m.fields?.[segs[i]!];
  }
  return cur;
}

/** Returns new fields with the value set at path; maps along the path are copied, the rest shared. */
export function setField(fields: Fields, segs: readonly string[], value: Value): Fields {
  const out = { ...fields };
  if (segs.length === 1) {
    out[segs[0]!] = value;
    return out;
  }
  const child = fields[segs[0]!]?.mapValue?.fields ?? {};
  out[segs[0]!] = { mapValue: { fields: setField(child, segs.slice(1), value) } };
  return out;
}

export function deleteField(fields: Fields, segs: readonly string[]): Fields {
  if (!(segs[0]! in fields)) return fields;
  const out = { ...fields };
  if (segs.length === 1) {
    delete out[segs[0]!];
    return out;
  }
  const child = fields[segs[0]!]!.mapValue?.fields;
  if (!child) return fields;
  out[segs[0]!] = { mapValue: { fields: deleteField(child, segs.slice(1)) } };
  return out;
}

/** Keeps only the given field paths (a projection / document mask). */
export function projectFields(fields: Fields, paths: readonly string[][]): Fields {
  let out: Fields = {};
  for (const segs of paths) {
    const v = getField(fields, segs);
    if (v !== undefined) out = setField(out, segs, v);
  }
  return out;
}

/** A field accessor: `__name__` yields the document's reference, other paths read (nested) fields. */
export type Getter = (d: Doc) => Value | undefined;
export const isNameSegs = (segs: readonly string[]): boolean => segs.length === 1 && segs[0] === '__name__';

export function getter(path: string): Getter {
  const segs = parseFieldPath(path);
  if (isNameSegs(segs)) return (d) => ({ referenceValue: d.name });
  return (d) => getField(d.fields, segs);
}
