import { alreadyExists, failedPrecondition, invalid, notFound } from './errors.js';
import { checkDocName, dbRoot, type Doc, type Store } from './store.js';
import { MAX_DOC_SIZE, documentSize } from './doc-size.js';
import { deleteField, getField, parseFieldPath, setField } from './field-paths.js';
import {
  compareValues,
  fieldsEqual,
  isNumber,
  MAX_FIELD_PATH_BYTES,
  normalizeFields,
  normalizeValue,
  numberOf,
  timestampMicros,
  validateArrayElements,
  validateFieldNames,
  type Fields,
  type Value,
} from './values.js';
import { toTimestamp } from './wire.js';

interface FieldTransform {
  fieldPath?: string;
  setToServerValue?: string;
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

export interface Write {
  update?: { name?: string; fields?: Fields };
  delete?: string;
  transform?: { document?: string; fieldTransforms?: FieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: { exists?: boolean; updateTime?: { seconds?: string | number; nanos?: number } };
}

export interface WriteResult {
  updateTime?: { seconds: string; nanos: number };
  transformResults: Value[];
}

export const MAX_WRITES_PER_COMMIT = 500;

export function writeTarget(w: Write): string {
  const name = w.update?.name ?? w.delete ?? w.transform?.document;
  if (!name) throw invalid('Write must specify update, delete or transform.');
  return name;
}

/** Checks a write's shape (names, field paths) before anything is locked or applied. */
export function validateWrite(w: Write, root: string): void {
  const name = writeTarget(w);
  checkDocName(name);
  if (dbRoot(name) !== root) throw invalid(`Document "${name}" is not in database "${root}".`);
  for (const p of w.updateMask?.fieldPaths ?? []) checkWritablePath(p);
  for (const t of [...(w.updateTransforms ?? []), ...(w.transform?.fieldTransforms ?? [])]) {
    checkWritablePath(t.fieldPath ?? '');
    validateArrayElements(t.appendMissingElements?.values ?? [], t.fieldPath ?? '');
  }
  if (w.update) validateFieldNames(w.update.fields ?? {});
}

function checkWritablePath(p: string): string[] {
  const segs = parseFieldPath(p);
  if (Buffer.byteLength(segs.join('.')) > MAX_FIELD_PATH_BYTES)
    throw invalid(`Field path "${p.slice(0, 40)}…" is longer than ${MAX_FIELD_PATH_BYTES} bytes.`);
  for (const s of segs)
    if (/^__.*__$/.test(s) && s !== '__type__') throw invalid(`Field path "${p}" uses a reserved name (__.*__).`);
  return segs;
}

/**
 * Applies the writes of one commit atomically: all are evaluated against a staging overlay first
 * (so later writes see earlier ones), and only if every precondition holds is the store changed.
 */
export function applyWrites(store: Store, writes: Write[], commitTime: number): WriteResult[] {
  const staged = new Map<string, Doc | null>();
  const results: WriteResult[] = [];
  const current = (name: string) => (staged.has(name) ? (staged.get(name) ?? undefined) : store.get(name));

  for (const w of writes) {
    const name = writeTarget(w);
    const before = current(name);
    checkPrecondition(w, name, before);
    if (w.delete) {
      staged.set(name, null);
      results.push({ transformResults: [] });
      continue;
    }
    let fields: Fields;
    if (w.update) {
      const incoming = normalizeFields(w.update.fields ?? {});
      if (w.updateMask) {
        fields = before?.fields ?? {};
        for (const p of w.updateMask.fieldPaths ?? []) {
          const segs = parseFieldPath(p);
          const v = getField(incoming, segs);
          fields = v === undefined ? deleteField(fields, segs) : setField(fields, segs, v);
        }
      } else fields = incoming;
    } else fields = before?.fields ?? {};

    const transforms = w.update ? (w.updateTransforms ?? []) : (w.transform?.fieldTransforms ?? []);
    const transformResults: Value[] = [];
    for (const t of transforms) {
      const segs = parseFieldPath(t.fieldPath ?? '');
      const [next, result] = applyTransform(t, getField(fields, segs), commitTime);
      fields = setField(fields, segs, next);
      transformResults.push(result);
    }

    const size = documentSize(name, fields);
    if (size > MAX_DOC_SIZE)
      throw invalid(
        `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
      );
    const unchanged = before !== undefined && fieldsEqual(before.fields, fields);
    const doc: Doc = unchanged
      ? before!
      : { name, fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime };
    staged.set(name, doc);
    results.push({ updateTime: toTimestamp(doc.updateTime), transformResults });
  }

  for (const [name, doc] of staged) {
    if (doc === null) store.delete(name, commitTime);
    else if (doc !== store.get(name)) store.put(doc, commitTime);
  }
  return results;
}

function checkPrecondition(w: Write, name: string, doc: Doc | undefined): void {
  const pre = w.currentDocument;
  if (!pre) return;
  if (pre.exists === true && !doc) throw notFound(`No document to update: ${name}`);
  if (pre.exists === false && doc) throw alreadyExists(`Document already exists: ${name}`);
  if (pre.updateTime !== undefined) {
    const want = timestampMicros(pre.updateTime);
    if (!doc || doc.updateTime !== want)
      throw failedPrecondition(`The document ${name} does not match the required update time precondition.`);
  }
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function applyTransform(t: FieldTransform, cur: Value | undefined, commitTime: number): [Value, Value] {
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME') throw invalid(`Unsupported server value ${t.setToServerValue}`);
    const v = { timestampValue: toTimestamp(commitTime) };
    return [v, v];
  }
  if (t.increment) {
    const op = normalizeValue(t.increment);
    if (!isNumber(op)) throw invalid('increment operand must be a number.');
    if (!cur || !isNumber(cur)) return [op, op];
    let v: Value;
    if (cur.integerValue !== undefined && op.integerValue !== undefined) {
      let s = BigInt(cur.integerValue) + BigInt(op.integerValue);
      s = s > INT64_MAX ? INT64_MAX : s < INT64_MIN ? INT64_MIN : s; // production saturates
      v = { integerValue: s.toString() };
    } else v = { doubleValue: numberOf(cur) + numberOf(op) };
    return [v, v];
  }
  if (t.maximum || t.minimum) {
    const op = normalizeValue((t.maximum ?? t.minimum)!);
    if (!isNumber(op)) throw invalid('maximum/minimum operand must be a number.');
    if (!cur || !isNumber(cur)) return [op, op];
    const c = compareValues(op, cur);
    const takeOp = t.maximum ? c > 0 : c < 0;
    // on a numeric tie between int and double production keeps the stored value
    const v = takeOp ? op : cur;
    return [v, v];
  }
  if (t.appendMissingElements) {
    const base = cur?.arrayValue ? [...(cur.arrayValue.values ?? [])] : [];
    for (const e of t.appendMissingElements.values ?? []) {
      const n = normalizeValue(e);
      if (!base.some((x) => compareValues(x, n) === 0)) base.push(n);
    }
    return [{ arrayValue: { values: base } }, { nullValue: 'NULL_VALUE' }];
  }
  if (t.removeAllFromArray) {
    const rm = (t.removeAllFromArray.values ?? []).map(normalizeValue);
    const base = cur?.arrayValue
      ? (cur.arrayValue.values ?? []).filter((x) => !rm.some((r) => compareValues(x, r) === 0))
      : [];
    return [{ arrayValue: { values: base } }, { nullValue: 'NULL_VALUE' }];
  }
  throw invalid('Unknown field transform.');
}
